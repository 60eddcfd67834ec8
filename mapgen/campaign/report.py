"""The battle report: the ``report.yaml`` form a battle folder holds, read back into a BattleReport.

Players fight the battle on the table and fill the form in: for each unit the
models killed, fled (routed off the table) and withdrawn (left under another
order, AMB-01), the winner (FW-10.3), the forces whose Leader fell (FW-12.7)
and the battle's length.  The form is YAML because players edit it by hand:
comments say what each blank means, and a mistake is reported with the file,
the line and the field, never a traceback.  The same result can be given on
the command line (``--winner B --losses A1-U1=3,B2-U1=1``): :func:`shorthand`.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from ..errors import BadFileError
from ..jsonio import read_text
from ..text import printable, yaml_str
from ..yamltext import compose
from .core import BattleReport, UnitLosses
from .state import CampaignState, Contact

SCHEMA = "mapgen/battle-report"
VERSION = 1
RESULTS = ("A", "B", "stalemate")
LOSS_FIELDS = ("killed", "fled", "withdrawn")
#: A battle report is a few kilobytes; anything much larger is not one.
MAX_REPORT_BYTES = 1024 * 1024
_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]*$")
#: Words YAML 1.1 would not read back as strings.
_SPECIAL = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}


class ReportError(ValueError):
    """A command-line battle result that cannot be read; the message says what to give."""


def _q(text: str) -> str:
    """A YAML scalar that reads back as this string, on its line whatever it holds (a name from a hand-edited state)."""
    if _PLAIN.match(text) and text.lower() not in _SPECIAL:
        return text
    return yaml_str(text)


# --- the form ----------------------------------------------------------------------------


def form(state: CampaignState, contact: Contact, enter: str | None = None) -> str:
    """``report.yaml`` for one battle: both sides' forces and units with blanks for the result.

    ``enter`` is the command line that enters the filled-in form (the campaign
    folder's real path, :func:`.battles.enter_line`); without it, the form's own path.
    """
    from .battle import battle_forces

    sides = battle_forces(state, contact)
    lines = [
        f"# Battle report: day {contact.day}, square {printable(contact.square)}, scenario {contact.scenario.replace('_', ' ')}.",
        "# Fill in the blanks after the battle, then enter it:",
        f"#   {printable(enter) if enter else f'mapgen campaign battle . --report {printable(contact.folder)}/report.yaml'}",
        "# A blank loss counts as 0.",
        f"schema: {SCHEMA}",
        f"version: {VERSION}",
        f"day: {contact.day}",
        f"square: {_q(contact.square)}",
        f"scenario: {contact.scenario}",
        *_result_lines(state),
        "length:            # battle turns played (FW-10.2)",
        "leaders_lost: []   # forces whose Leader and every General fell (FW-12.7), e.g. [A1]",
        "retreats: {}       # optional (FW-12.5): FORCE: SQUARE for a beaten force; the engine chooses otherwise",
        "sides:",
    ]
    for side in ("A", "B"):
        lines.append(f"  {side}:")
        for f in sides[side]:
            # A comment cannot be escaped: the name is shown with its odd characters as \\xNN, on this line.
            lines.append(f"    {_q(f.id)}:   # leader {printable(f.leader.name)} (CV {f.leader.cv}); {f.state.replace('_', ' ')}")
            for u in f.units:
                merc = ", mercenary" if u.mercenary else ""
                lines += [
                    f"      {_q(u.id)}:",
                    f"        type: {_q(u.type)}",
                    f"        quality: {u.quality}{'   # mercenary' if merc else ''}",
                    f"        figures: {u.figures}   # at the start of the battle",
                    "        killed:",
                    "        fled:        # left the table routing",
                    "        withdrawn:   # left under another order: General Retreat, Oppose (AMB-01)",
                ]
    return "\n".join(lines) + "\n"


def _result_lines(state: CampaignState) -> list[str]:
    """The form's result fields: the winner, or with a draw rule (FW-10.3.1) what its method decides it from."""
    if state.options.draw_english:
        return ["winner:            # leave blank: the English method decides it from the scores (FW-10.3.1)",
                "scores:            # each side's initial and final score (R.B. ch. 2.3), e.g. {A: [10, 14], B: [10, 11]}"]
    if state.options.draw_italian:
        return ["winner:            # leave blank: the Italian method decides it from the points of losses (FW-10.3.1)",
                "loss_points:       # points of the losses each side suffered, Ars Arcana excluded, e.g. {A: 300, B: 700}",
                "army_points:       # optional: the army points 20 % is taken of; blank: the smaller side's in this battle"]
    return ["winner:            # A, B or stalemate (FW-10.3: the side with models left on the table when the other has none)"]


# --- reading it back ---------------------------------------------------------------------


def _lines(node, path=(), out=None) -> dict[tuple, int]:
    """Each field's line (1-based), by its path of keys: yaml.safe_load keeps no positions."""
    out = {} if out is None else out
    out.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            key = (*path, str(k.value))
            out[key] = k.start_mark.line + 1
            _lines(v, key, out)
    return out


class _Where:
    def __init__(self, name: str, lines: dict[tuple, int]):
        self.name, self.lines = name, lines

    def error(self, path: tuple, msg: str) -> BadFileError:
        line = next((self.lines[path[:i]] for i in range(len(path), -1, -1) if path[:i] in self.lines), 1)
        field = ".".join(map(str, path)) or "(top level)"
        return BadFileError(f"{self.name}: line {line}: field '{field}': {msg}")


def read_report(path: str | Path) -> BattleReport:
    path = Path(path)
    if path.is_symlink():  # the form comes from a battle folder, which may come from the opponent
        raise BadFileError(f"{path}: a symbolic link; give the battle report itself, not a link to it")
    if not path.is_file():
        raise BadFileError(f"{path}: no such battle report (each battle's folder has its report.yaml)")
    return parse_report(read_text(path, MAX_REPORT_BYTES, "battle report"), str(path))


def parse_report(text: str, name: str = "report.yaml") -> BattleReport:
    """A filled form as a :class:`BattleReport`; :class:`BadFileError` names the file, line and field."""
    node = compose(text, name, "battle report")
    data = yaml.safe_load(text)  # the same text composed without error: it loads
    w = _Where(name, _lines(node) if node is not None else {})
    if not isinstance(data, dict):
        raise w.error((), "expected the battle report form (fields winner, sides ...)")
    if data.get("schema", SCHEMA) != SCHEMA:
        raise w.error(("schema",), f"expected {SCHEMA}, found {data.get('schema')!r}")
    winner = data.get("winner")
    if isinstance(winner, str):  # as on the command line: a, b or Stalemate will do
        winner = "stalemate" if winner.strip().lower() == "stalemate" else winner.strip().upper()
    draw = _draw_fields(w, data)
    if winner is None and draw:
        winner = ""  # FW-10.3.1: the campaign's draw rule decides
    if winner not in RESULTS and winner != "":
        raise w.error(("winner",), f"give A, B or stalemate (found {'nothing' if winner is None else repr(winner)})")
    length = _count(w, ("length",), data.get("length"), blank=None)
    leaders = data.get("leaders_lost") or []
    if isinstance(leaders, str):
        leaders = [leaders]
    if not isinstance(leaders, list) or not all(isinstance(x, str) for x in leaders):
        raise w.error(("leaders_lost",), "give a list of force ids, e.g. [A1]")
    retreats = data.get("retreats") or {}
    if not isinstance(retreats, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in retreats.items()):
        raise w.error(("retreats",), "give FORCE: SQUARE pairs, e.g. {B1: C5}")
    square = data.get("square")
    if square is not None and not isinstance(square, str):
        raise w.error(("square",), "give the battle's square, e.g. C4")
    return BattleReport(
        winner=winner,
        losses=tuple(_losses(w, data.get("sides"))),
        leaders_lost=tuple(leaders),
        length=length,
        retreats=tuple(retreats.items()),
        square=square,
        **draw,
    )


def _draw_fields(w: _Where, data: dict) -> dict:
    """FW-10.3.1: ``scores`` {A: [initial, final], B: ...}, ``loss_points`` {A: n, B: n}, ``army_points`` n, when filled in."""
    out: dict = {}
    scores, losses, army = data.get("scores"), data.get("loss_points"), data.get("army_points")
    if scores is not None:
        if not isinstance(scores, dict) or not all(
            isinstance(v, list) and len(v) == 2 and all(type(n) is int for n in v) for v in scores.values()
        ):
            raise w.error(("scores",), "give each side's initial and final score, e.g. {A: [10, 14], B: [10, 11]}")
        out["scores"] = tuple((str(k).upper(), v[0], v[1]) for k, v in scores.items())
    if losses is not None:
        if not isinstance(losses, dict) or not all(type(v) is int for v in losses.values()):
            raise w.error(("loss_points",), "give the points of losses each side suffered, e.g. {A: 300, B: 700}")
        out["loss_points"] = tuple((str(k).upper(), v) for k, v in losses.items())
    if army is not None:
        if type(army) is not int or army < 1:
            raise w.error(("army_points",), "give the army points, 1 or more (e.g. 2000)")
        out["army_points"] = army
    return out


def _losses(w: _Where, sides) -> list[UnitLosses]:
    if not isinstance(sides, dict):
        raise w.error(("sides",), "expected sides A and B with their forces and units")
    out = []
    for side, forces in sides.items():
        if forces is None:
            continue
        if not isinstance(forces, dict):
            raise w.error(("sides", side), "expected the side's forces, each with its units")
        for fid, units in forces.items():
            if not isinstance(units, dict):
                raise w.error(("sides", side, fid), "expected the force's units")
            for uid, u in units.items():
                here = ("sides", side, fid, uid)
                if not isinstance(u, dict):
                    raise w.error(here, "expected killed, fled and withdrawn")
                n = {k: _count(w, (*here, k), u.get(k), blank=0) for k in LOSS_FIELDS}
                figures = u.get("figures")
                if isinstance(figures, int) and not isinstance(figures, bool) and sum(n.values()) > figures:
                    raise w.error((*here, "killed"), f"killed {n['killed']} + fled {n['fled']} + withdrawn {n['withdrawn']} is more than the unit's {figures} figures")
                if any(n.values()):
                    out.append(UnitLosses(str(uid), **n))
    return out


def _count(w: _Where, path: tuple, value, blank):
    if value is None:
        return blank
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise w.error(path, f"give a whole number, 0 or more (found {value!r})")
    return value


# --- the command line ----------------------------------------------------------------------


def parse_losses(text: str | None) -> tuple[UnitLosses, ...]:
    """``--losses UNIT=N,...``: N models killed, or ``UNIT=KILLED/FLED[/WITHDRAWN]`` (FW-10.1)."""
    out: dict[str, UnitLosses] = {}
    for item in (text or "").split(","):
        item = item.strip()
        if not item:
            continue
        unit, sep, n = item.partition("=")
        counts = [c.strip() for c in n.split("/")]
        if not sep or not unit.strip() or len(counts) > 3 or not all(c.isascii() and c.isdigit() for c in counts):
            raise ReportError(f"--losses {item!r}: give UNIT=N (models killed) or UNIT=KILLED/FLED[/WITHDRAWN], e.g. A1-U2=3 or A1-U2=3/2")
        if unit.strip() in out:
            raise ReportError(f"--losses: unit {unit.strip()} is given twice")
        killed, fled, withdrawn = (list(map(int, counts)) + [0, 0])[:3]
        out[unit.strip()] = UnitLosses(unit.strip(), killed, fled, withdrawn)
    return tuple(out.values())


def shorthand(winner: str, losses: str | None = None, leaders_lost: str | None = None, square: str | None = None) -> BattleReport:
    """``--winner A|B|stalemate --losses UNIT=N,...`` as a BattleReport."""
    w = winner.strip()
    w = "stalemate" if w.lower() == "stalemate" else w.upper()
    if w not in RESULTS:
        raise ReportError(f"--winner {winner}: give A, B or stalemate")
    leaders = tuple(x.strip() for x in (leaders_lost or "").split(",") if x.strip())
    return BattleReport(w, parse_losses(losses), leaders, square=square)
