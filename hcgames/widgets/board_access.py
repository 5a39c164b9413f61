"""The keyboard on a board: one Tab stop, arrow keys move a focus square from space to
space (WAI-ARIA's roving tabindex), Enter or Space clicks the focused space as the mouse
does. Read by :class:`hcgames.widgets.boards.BoardView`; kept apart from the view so the
script can be read (and changed) as one piece."""

__all__ = ["BOARD_ACCESS_JS"]

# Runs from an <img onerror> each time the board's words change (bqplot draws its dots
# after the widget, so it waits for them). The spaces are the dots whose bound datum
# carries a space's name; each becomes a button named by its space and what stands on
# it; only one has tabindex 0. The focus square is a dashed ring drawn over everything
# (pieces included) at the focused space, so a keyboard user sees where they are.
BOARD_ACCESS_JS = (
    "var img=this,root=img.closest('.hcgames-board');if(!root)return;"
    "var titles=JSON.parse(img.dataset.titles),moves=JSON.parse(img.dataset.moves),"
    "label=img.dataset.label,tries=0,n=Object.keys(titles).length;"
    "root._hcb={titles:titles,moves:moves};"
    "(function go(){var svg=root.querySelector('svg.svg-figure');"
    "var groups=svg?[].filter.call(svg.querySelectorAll('g.object_grp'),function(g){"
    "var d=g.__data__;return d&&typeof d.name==='string'&&(d.name in titles);}):[];"
    "if(!svg||groups.length<n){if(tries++<100)setTimeout(go,300);return;}"
    "svg.setAttribute('role','group');svg.setAttribute('aria-label',label);"
    "var ring=svg.querySelector('.hc-focus-ring');"
    "if(!ring){ring=document.createElementNS('http://www.w3.org/2000/svg','rect');"
    "ring.setAttribute('class','hc-focus-ring');ring.setAttribute('fill','none');"
    "ring.setAttribute('stroke','#0B4F8A');ring.setAttribute('stroke-width','4');"
    "ring.setAttribute('stroke-dasharray','7 4');ring.style.pointerEvents='none';"
    "ring.style.display='none';groups[0].parentNode.parentNode.appendChild(ring);}"
    "var byId={};"
    "groups.forEach(function(g){var id=g.__data__.name;byId[id]=g;"
    "if(g.getAttribute('tabindex')!=='0')g.setAttribute('tabindex','-1');"
    "g.setAttribute('role','button');g.setAttribute('aria-label',titles[id]);"
    "g.style.outline='none';"
    "var t=g.querySelector('title');if(!t){t=document.createElementNS("
    "'http://www.w3.org/2000/svg','title');g.appendChild(t);}t.textContent=titles[id];"
    "if(g.dataset.hcKeys)return;g.dataset.hcKeys='1';"
    "g.addEventListener('focus',function(){var b=g.getBBox(),pad=5;"
    "root.querySelectorAll('g.object_grp[tabindex=\"0\"]').forEach(function(q){"
    "if(q!==g)q.setAttribute('tabindex','-1');});g.setAttribute('tabindex','0');"
    "root.dataset.hcCurrent=g.__data__.name;"
    "ring.setAttribute('transform',g.getAttribute('transform')||'');"
    "ring.setAttribute('x',b.x-pad);ring.setAttribute('y',b.y-pad);"
    "ring.setAttribute('width',b.width+2*pad);ring.setAttribute('height',b.height+2*pad);"
    "ring.parentNode.appendChild(ring);"
    # a ring for the keyboard only: a mouse click on a space draws none
    "var k=true;try{k=g.matches(':focus-visible');}catch(x){}"
    "ring.style.display=k?'':'none';});"
    "g.addEventListener('blur',function(){ring.style.display='none';});"
    "g.addEventListener('keydown',function(e){var h=root._hcb,c=g.__data__.name;"
    "if(e.key==='Enter'||e.key===' '){e.preventDefault();var p=g.querySelector('path.dot');"
    "(p||g).dispatchEvent(new MouseEvent('click',{bubbles:true}));return;}"
    "var dir={ArrowUp:0,ArrowRight:1,ArrowDown:2,ArrowLeft:3}[e.key];"
    "if(dir===undefined)return;e.preventDefault();var to=h.moves[c]&&h.moves[c][dir];"
    "var q=to&&root._hcSpace(to);if(q){g.setAttribute('tabindex','-1');"
    "q.setAttribute('tabindex','0');q.focus();}});});"
    "root._hcSpace=function(id){var found=null;"
    "root.querySelectorAll('g.object_grp').forEach(function(q){"
    "if(q.__data__&&q.__data__.name===id&&(id in root._hcb.titles))found=q;});return found;};"
    # one stop: the space last moved to, else the first given
    "var cur=root.dataset.hcCurrent;if(!(cur in byId))cur=img.dataset.first;"
    "if(byId[cur]&&!root.querySelector('g.object_grp[tabindex=\"0\"]'))"
    "byId[cur].setAttribute('tabindex','0');})();"
)
