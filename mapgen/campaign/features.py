"""Featured holdings (FW-3.4, FW-3.4.2, AMB-74; option ``featured_holdings``): what each feature gives its owner.

The map rolls a feature for every holding (FW-3.4, ``fw-map.json``
``holdings[].feature``); the campaign keeps it on the holding.  With the
option on, :data:`BENEFITS` says once, as data with the rule of each line,
what the feature gives: objects and protections that work only inside that
square, free characters (the *Ars Arcana* sites), recruits (Village, City)
and items (the Mine).  Nothing here is stored: a side's benefits follow from
the holdings it holds now and the ones the map gave it first, so a capture
(:mod:`.capture`) passes them by changing the owner alone.

- Objects, protections, recruits and items go to whoever holds the square
  now: "all its benefits pass automatically to the new owner" (FW-3.4.2).
  AMB-74 leaves open whether Village/City recruits and the Mine's points are
  one-time grants; flag ``feature_grants_on_capture`` (default true): the
  captor may use them as the first owner could.  False: only the side the
  map gave the holding to has them.
- The free characters (Wizard, Soothsayer, Priests) are granted once, before
  the campaign, to the side the map gave the holding to, and stay with that
  side whoever holds the square later (FW-3.4.2, FW-12.4).

[DEV] The engine shows and logs the benefits; the players field them at the
table (the free characters in the owner's Force based there, FW-3.4), as the
base rules and *Ars Arcana* say.  It neither adds the recruits as units nor
spends the Mine's points: ``reinforce`` and the rosters are where units join.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..fw.rules import BURIAL_OBJECT
from .board import Board
from .state import CampaignState, HoldingState, evolve


@dataclass(frozen=True)
class Benefit:
    """What one feature gives, each part with the rule that says so; empty when it gives no such thing."""

    rule: str
    #: Objects and protections: they work only inside the holding's square and never leave it (FW-3.4).
    objects: str = ""
    #: The free characters: the first owner's alone, once, before the campaign (FW-3.4.2, FW-12.4, AMB-74).
    characters: str = ""
    #: Recruits (Village, City) or items (Mine): a one-time grant or not is AMB-74's flag ``feature_grants_on_capture``.
    grants: str = ""


#: FW-3.4: each feature of ``mapgen.fw.rules.HOLDING_FEATURE`` and what it gives its owner.
BENEFITS: dict[str, Benefit] = {
    "sacred_grove": Benefit(
        "FW-3.4", objects="the protection of a Talisman housed in the grove (its Golem attacks only enemy intruders)",
        characters="a Wizard with 20 magic points, who controls the grove's Golem"),
    "tower_of_magic": Benefit(
        "FW-3.4", objects="the protection of a Talisman housed in the tower (the Guardians of the Wood attack only enemy intruders)",
        characters="a Wizard with 20 magic points, who controls the Guardians of the Wood"),
    "stonehenge_temple": Benefit(
        "FW-3.4", objects="the protection of a Stonehenge temple, Blessed for a side of Light, Cursed for one of Darkness",
        characters="a Soothsayer"),
    "sanctuary": Benefit("FW-3.4", objects="the protection of a Sacred Amulet kept in the sanctuary", characters="two Priests"),
    "burial_mound": Benefit(
        "FW-3.4.1", objects="the magic armour or sacred weapon of the mound (FW-3.4.1, as the map names it), for one individual character"),
    # the map's object replaces these words where the board names it: :func:`objects_words`
    "village": Benefit(
        "FW-3.4", grants="one unit of 12 warriors of the lowest quality of the army list, Poor or Average "
                         "(archers of the list's lowest-quality archer unit if the square holds a forest)"),
    "city": Benefit(
        "FW-3.4", grants="two warrior units of the base list, at most Veteran, each with Leader, Champion, Standard-bearer and Musician, "
                         "and one Special Combatant of the list's Special Characters attached to one of them (unit size: AMB-41)"),
    "precious_metal_mine": Benefit(
        "FW-3.4", grants="100 points of Ars Arcana items (Special Weapons, Magic Garments, Drinks, herbs, fruits, potions and ointments)"),
}


def first_owner(h: HoldingState) -> str:
    """The side the map gave the holding to (a state from before ``original_owner``: its owner now)."""
    return h.original_owner or h.owner


def benefits_side(h: HoldingState) -> str:
    """Whose the feature's benefits are: the first owner's, until a side takes the holding after a defeat in battle
    there (FW-3.4.2, the Italian original: "a seguito di una sconfitta in battaglia")."""
    return h.benefits or first_owner(h)


#: FW-3.4.1: each burial mound object's name, as the table prints it ("Sacred Sword").
BURIAL_OBJECTS = {b.outcome: b.label for b in BURIAL_OBJECT.bands}


def objects_words(h: HoldingState, board: Board | None) -> str:
    """The objects and protections of ``h``'s feature, the burial mound's named as the map rolled it (FW-3.4.1).

    Without a board, or on a map that names no object there, the words of :data:`BENEFITS`.
    """
    b = BENEFITS[h.feature]
    named = board.objects.get(h.square) if board is not None and h.feature == "burial_mound" else None
    if named is None:
        return b.objects
    label = BURIAL_OBJECTS.get(named, named.replace("_", " "))
    return f"the {label} of the mound ({BURIAL_OBJECT.rule}), for one individual character"


def benefit_words(state: CampaignState, h: HoldingState, side: str, characters: bool = True, board: Board | None = None) -> list[str]:
    """What ``side`` has of the feature of holding ``h``, one line a part with its rule ([] when nothing).

    ``characters``: with the free characters the side was granted (False: only what a holder has).
    ``board``: the map's board, which names a burial mound's object (None: the object is left unnamed).
    """
    b = BENEFITS.get(h.feature)
    if b is None:
        return []
    out = []
    holder = h.owner == side and benefits_side(h) == side  # a holding taken without a battle there gives nothing
    if holder and b.objects:
        words = objects_words(h, board)
        out.append(f"{words}, inside {h.square} only" + ("" if f"({b.rule}" in words else f" ({b.rule})"))
    if holder and b.grants and (state.options.feature_grants_on_capture or first_owner(h) == side):
        out.append(f"{b.grants} ({b.rule}{', AMB-74' if first_owner(h) != side else ''})")
    if characters and first_owner(h) == side and b.characters:
        kept = "" if h.owner == side else f", kept though {h.square} is lost"
        out.append(f"free characters: {b.characters}, granted once before the campaign{kept} (FW-3.4.2)")
    return out


def side_benefits(state: CampaignState, side: str, board: Board | None = None) -> list[tuple[HoldingState, list[str]]]:
    """Each featured holding that gives ``side`` something, with what it gives (none while the option is off)."""
    if not state.options.featured_holdings:
        return []
    out = []
    for h in state.holdings:
        words = benefit_words(state, h, side, board=board)
        if words:
            out.append((h, words))
    return out


def grant_free_characters(state: CampaignState, dice, phase) -> None:
    """FW-3.4, FW-12.4: before the campaign, each first owner's free characters, logged for that side alone."""
    if not state.options.featured_holdings:
        return
    for h in state.holdings:
        b = BENEFITS.get(h.feature)
        if b is not None and b.characters:
            side = first_owner(h)
            text = f"side {side} receives, once, the free characters of its {h.feature.replace('_', ' ')} at {h.square}: {b.characters}"
            dice.event(day=state.day, phase=phase, rule="FW-3.4.2", text=text, side=side, secret=True)


def pass_benefits(state: CampaignState, h: HoldingState, captor: str, dice, phase, board: Board | None = None,
                  after_battle: bool = False) -> HoldingState:
    """FW-3.4.2: holding ``h`` (still its loser's) has just been taken by ``captor``: ``h`` as the captor holds it, what
    passes logged for the captor alone.

    The benefits pass only to a side that takes the holding after a defeat in battle there (``after_battle``: the
    winner of a battle in the square, or the side whose enemy collapsed there, AMB-53), as the Italian original says;
    a holding taken by movement alone gives its taker nothing of its feature [DEV]. The loser knows what it lost (the
    capture is on the table); the captor's new benefits are its own.
    """
    taken = evolve(h, owner=captor, original_owner=first_owner(h))
    if not state.options.featured_holdings or h.feature not in BENEFITS:
        return taken
    site = h.feature.replace("_", " ")
    if not after_battle:
        text = (f"side {captor} takes the {site} at {h.square} without a battle there: its benefits stay side "
                f"{benefits_side(h)}'s, out of its reach (they pass only after a defeat in battle, FW-3.4.2)")
        dice.event(day=state.day, phase=phase, rule="FW-3.4.2", text=text, side=captor, secret=True)
        return taken
    taken = evolve(taken, benefits=None if captor == first_owner(h) else captor)
    passed = benefit_words(state, taken, captor, characters=False, board=board)
    if passed:
        text = f"side {captor} takes the {site} at {h.square} and its benefits: {'; '.join(passed)}"
    else:
        text = f"side {captor} takes the {site} at {h.square}: its grants were side {first_owner(h)}'s once (AMB-74)"
    b = BENEFITS[h.feature]
    if b.characters and first_owner(h) != captor:
        text += f"; its free {b.characters} stay with side {first_owner(h)}"
    dice.event(day=state.day, phase=phase, rule="FW-3.4.2", text=text, side=captor, secret=True)
    return taken
