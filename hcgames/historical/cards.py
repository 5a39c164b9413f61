"""The card catalogue in one place: facts, traits, history plates and effect vocabulary.

This module gathers the public names of the card layer so that callers need only one
import. The work itself is done in four smaller modules:

* :mod:`hcgames.historical.vocabulary` -- the tables of continents, categories,
  moments (``when``) and effect kinds that card data may use;
* :mod:`hcgames.historical.model` -- the :class:`Card` record, card filters
  (:func:`matches`) and card names;
* :mod:`hcgames.historical.wording` -- abilities and conditions turned into words;
* :mod:`hcgames.historical.catalogue` -- reading and checking the data files, where
  every problem found ends up in one :class:`~hcgames.core.DataError`.

Every card ability is data: a list of effects, each naming one kind from
:data:`EFFECT_KINDS`, the moment it works and its numbers. The rules know how to carry
out every kind; a card whose ability cannot be said in this vocabulary is not shipped.
"""

from __future__ import annotations

from hcgames.historical.catalogue import Catalogue, build_catalogue, load_catalogue
from hcgames.historical.model import Card, card_name, matches
from hcgames.historical.vocabulary import (
    CATEGORIES,
    CONDITION_KEYS,
    CONTINENTS,
    EFFECT_KINDS,
    INTERACTING,
    MATCH_KEYS,
    WHENS,
)
from hcgames.historical.wording import describe_condition, describe_effect

__all__ = [
    "CATEGORIES",
    "CONDITION_KEYS",
    "CONTINENTS",
    "EFFECT_KINDS",
    "INTERACTING",
    "MATCH_KEYS",
    "WHENS",
    "Card",
    "Catalogue",
    "build_catalogue",
    "card_name",
    "describe_condition",
    "describe_effect",
    "load_catalogue",
    "matches",
]
