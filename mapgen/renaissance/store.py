"""A Renaissance ``campaign.json``: written as stable text, read back through pydantic, with its JSON Schema.

The same approach as the Fantasy Warriors file (:mod:`mapgen.engine.statefile`),
and the same folder (:mod:`mapgen.session`):
one pydantic validator over the state's own dataclasses checks every
field's type and range on reading and writes the published schema, and an
error names the field (``armies[0].companies[2].type``).  Then the few rules
a type cannot say (a company's strength is Tabella 31's, an owner is a player
or a neutral, three armies and one allied) are checked here, by field too.
"""

from __future__ import annotations

from functools import lru_cache

from ..engine import statefile
from ..engine.validators import StateValidator
from ..errors import BadFileError
from .rules import COMPANY_STRENGTH
from .state import SCHEMA, VERSION, RenaissanceState, army_limit_broken

SCHEMA_NAME = "campaign-renaissance"


@lru_cache(maxsize=1)
def adapter() -> StateValidator:
    """The state's one validator: pydantic's, built once and kept between processes (:mod:`mapgen.engine.validators`)."""
    return StateValidator(RenaissanceState)


def json_schema() -> dict:
    """The published JSON Schema of a Renaissance ``campaign.json``, made from the state's dataclasses."""
    return statefile.json_schema(adapter(), SCHEMA, VERSION, f"urn:mapgen:schema:{SCHEMA_NAME}:1", "mapgen campaign state (Renaissance)")


def to_json(state: RenaissanceState) -> dict:
    return statefile.to_json(adapter(), state)


def dumps_state(state: RenaissanceState) -> str:
    return statefile.dumps(adapter(), state)


def from_json_text(text: str, where: str) -> RenaissanceState:
    """Check and build a state; a BadFileError names the file and the first wrong fields."""
    state = statefile.read_state(text, where, SCHEMA, VERSION, adapter())
    problem = rule_problem(state)
    if problem:
        raise BadFileError(f"{where}: {problem}")
    return state


def rule_problem(state: RenaissanceState) -> str | None:
    """The first thing in a well-typed state that the rules forbid, naming its field; None if none."""
    seats = [p.seat for p in state.players]
    owners = set(seats) | set(state.neutrals)
    for what, ids in (("players", seats), ("places", [p.node for p in state.places]), ("armies", [a.id for a in state.armies])):
        if len(set(ids)) != len(ids):
            return f"field '{what}': the same id twice ({', '.join(sorted({i for i in ids if ids.count(i) > 1}))})"
    for i, place in enumerate(state.places):
        if place.owner not in owners:
            return f"field 'places[{i}].owner': {place.owner!r} is neither a player seat nor a neutral country"
    groups = [(f"places[{i}].garrison", p.garrison) for i, p in enumerate(state.places)]
    groups += [(f"armies[{i}].companies", a.companies) for i, a in enumerate(state.armies)]
    groups += [(f"prisoners[{i}].companies", p.companies) for i, p in enumerate(state.prisoners)]
    for where, companies in groups:
        for j, c in enumerate(companies):
            if c.strength != COMPANY_STRENGTH[c.type]:
                return f"field '{where}[{j}].strength': {c.strength}, but Tabella 31 gives a {c.type} company {COMPANY_STRENGTH[c.type]} (RC-3.5)"
    for i, army in enumerate(state.armies):
        if army.owner not in seats:
            return f"field 'armies[{i}].owner': {army.owner!r} is not a player seat"
    for seat in seats:
        broken = army_limit_broken(state.armies_of(seat))
        if broken:
            return f"field 'armies': {seat} has {broken}"
    return None


# --- the campaign folder ----------------------------------------------------------------------------

#: The campaign's copy of its country map (its SHA-256 is in the state), beside ``campaign.json``.
MAP_FILE = "country.json"
