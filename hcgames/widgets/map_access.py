"""The keyboard on a map: one Tab stop, arrow keys between places (WAI-ARIA's roving
tabindex), read by :class:`hcgames.widgets.maps.MapView`. Kept apart from the view so the
script can be read (and changed) as one piece."""

__all__ = ["ACCESS_JS"]

# Makes the map ONE stop in the Tab order (WAI-ARIA's roving tabindex): the figure is
# a labelled group, every clickable region a button named by its place and holder;
# only one region at a time has tabindex 0 (the last one the student moved to); the
# arrow keys move between places (Left/Right from west to east, Up/Down from north to
# south), Home and End go to the first and last place, Enter or Space clicks the
# place as the mouse does. Runs from an <img onerror> each time the titles change
# (bqplot draws its paths after the widget, so it waits for them).
ACCESS_JS = (
    "var img=this,root=img.closest('.hcgames-map');if(!root)return;"
    "var titles=JSON.parse(img.dataset.titles),label=img.dataset.label,tries=0;"
    "var n=Object.keys(titles).length;"
    "root._hc={titles:titles,x:JSON.parse(img.dataset.orderX),y:JSON.parse(img.dataset.orderY)};"
    "(function go(){var svg=root.querySelector('svg.svg-figure'),"
    "paths=root.querySelectorAll('path.event_layer');"
    "if(!svg||paths.length<n){if(tries++<100)setTimeout(go,300);return;}"
    "svg.setAttribute('role','group');svg.setAttribute('aria-label',label);"
    "var byId={};"
    # bqplot moves a picked region's path to the end: find each by its bound feature
    "paths.forEach(function(p){var d=p.__data__,id=d&&d.id;if(!(id in titles))return;"
    "byId[id]=p;p.setAttribute('tabindex','-1');p.setAttribute('role','button');"
    "p.setAttribute('aria-label',titles[id]);"
    "var t=p.querySelector('title');if(!t){t=document.createElementNS("
    "'http://www.w3.org/2000/svg','title');p.appendChild(t);}t.textContent=titles[id];"
    "if(!p.dataset.hcKeys){p.dataset.hcKeys='1';"
    "p.addEventListener('focus',function(){var h=root._hc,c=p.__data__&&p.__data__.id;"
    "if(!h||!(c in h.titles))return;root.dataset.hcCurrent=c;"
    "root.querySelectorAll('path.event_layer[tabindex=\"0\"]').forEach(function(q){"
    "if(q!==p)q.setAttribute('tabindex','-1');});p.setAttribute('tabindex','0');});"
    "p.addEventListener('keydown',function(e){var h=root._hc,c=p.__data__&&p.__data__.id;"
    "if(!h)return;"
    "if(e.key==='Enter'||e.key===' '){e.preventDefault();"
    "p.dispatchEvent(new MouseEvent('click',{bubbles:true}));"
    "setTimeout(function(){var q=root._hcPath&&root._hcPath(c);if(q)q.focus();},0);return;}"
    "var o=(e.key==='ArrowUp'||e.key==='ArrowDown')?h.y:h.x,i=o.indexOf(c),to=null;"
    "if(e.key==='ArrowRight'||e.key==='ArrowDown')to=o[Math.min(o.length-1,i+1)];"
    "else if(e.key==='ArrowLeft'||e.key==='ArrowUp')to=o[Math.max(0,i-1)];"
    "else if(e.key==='Home')to=h.x[0];else if(e.key==='End')to=h.x[h.x.length-1];"
    "else return;e.preventDefault();var q=root._hcPath(to);if(q){"
    "p.setAttribute('tabindex','-1');q.setAttribute('tabindex','0');q.focus();}});}});"
    "root._hcPath=function(id){var found=null;"
    "root.querySelectorAll('path.event_layer').forEach(function(q){"
    "if(q.__data__&&q.__data__.id===id)found=q;});return found;};"
    # one stop: the place last moved to, else the first from the west
    "var cur=root.dataset.hcCurrent;if(!(cur in byId))cur=root._hc.x[0];"
    "if(byId[cur])byId[cur].setAttribute('tabindex','0');})();"
)
