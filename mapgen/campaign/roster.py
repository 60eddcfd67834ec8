"""Campaign rosters (FW-4.3): a side's forces, read from YAML or CSV, with errors naming file, line and field.

YAML::

    forces:
      - leader: {name: Ragnar, cv: 4}
        order: defend            # optional: max_speed, probe or defend
        square: C4               # optional: the engine places it (FW-2.4)
        individuals: [Hero, Wizard]
        units:
          - {id: U1, type: infantry, quality: elite, figures: 10, points: 12}
          - {type: missile, quality: veteran, figures: 10, points: 8, mercenary: true}
          - {type: cavalry, quality: average, figures: 8, points: 9, ally: true}

or by its Commands (FW-4.2.b-d, FW-22.2), the Leader being the General of highest CV (the first on a tie)::

      - order: probe
        commands:
          - general: {name: Ragnar, cv: 3}
            characters: [Conan]
            units: [{type: light_cavalry, quality: elite, figures: 10}]
          - general: {name: Olaf, cv: 4}
            units: [{id: Riders, type: cavalry, quality: average, figures: 8}]
        specials: [Conan]        # FW-22.3: named characters and Special Units (ids) that may be sent

CSV, one row per unit, the rows of one force sharing its ``force`` name::

    force,leader,cv,order,square,unit,type,quality,figures,points,mercenary,ally,sea_folk,base

With the ``watercraft`` option a force may be all sea-folk mercenaries (``sea_folk: true`` and
``mercenary: true`` on every unit, FW-20.5); ``base`` names a unit's base for the craft (FW-20.3).

or with ``general,general_cv`` in place of ``leader,cv``, each row naming its unit's Command, and
``characters`` and ``specials`` holding names separated by ``;``.

The reader checks what the rulebook asks of a force (FW-4.2: a leader and
at least one unit, not allies and mercenaries alone; at most six forces a side, FW-1.1) and returns
:class:`~mapgen.campaign.setup.ForceSpec` lists; where a force starts is
checked against the map by :func:`check_squares`, which needs the board.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from pathlib import Path

from ..errors import BadFileError
from ..text import MAX_NAME, text_problem
from .army import leader_of, probe_refusal
from .setup import MAX_FORCES, ForceSpec
from .craft import BASES, sea_folk_problem
from .state import ORDERS, QUALITIES, ArmyCommand, Force, Leader, Unit, auxiliaries_only, sea_folk_only

#: A roster is a page of text: six forces of sixty units (:data:`MAX_UNITS`), a line each, are under 40 kB;
#: a bigger file is refused before it is parsed (YAML takes about 3 s a megabyte).
MAX_ROSTER_BYTES = 256 * 1024
CSV_COLUMNS = ("force", "leader", "cv", "order", "square", "unit", "type", "quality", "figures", "points", "mercenary", "ally",
               "sea_folk", "base", "general", "general_cv", "characters", "specials")
CSV_REQUIRED = ("force", "leader", "cv", "type", "quality", "figures")
#: With a ``general`` column each unit row names its Command's General (FW-22.2) and the force's leader follows (FW-4.2.d).
CSV_REQUIRED_COMMANDS = ("force", "general", "general_cv", "type", "quality", "figures")
#: Names in one CSV cell (``characters``, ``specials``) are separated by this.
CSV_NAMES = ";"
FORCE_KEYS = ("leader", "order", "square", "individuals", "units", "commands", "specials")
COMMAND_KEYS = ("general", "characters", "units")
#: ``sea_folk`` (FW-20.5) and ``base`` (FW-20.3, e.g. ``25x50``) serve the ``watercraft`` option; ``base`` overrides
#: the base the unit's type gives (:data:`mapgen.campaign.craft.BASE_BY_TYPE`).
UNIT_KEYS = ("id", "type", "quality", "figures", "points", "mercenary", "ally", "sea_folk", "base")
TRUE = {"yes", "true", "1", "y"}
FALSE = {"no", "false", "0", "n", ""}
MAX_FIGURES = 10_000
MAX_POINTS = 10_000
#: Units in one force [DEV]: the rulebook sets no limit, but 2000 points (FW-4.1) buy about fifteen units;
#: a roster with more is a mistake, and the cap keeps a huge file from being read unit by unit.
MAX_UNITS = 60


class CampaignRosterError(BadFileError):
    """A campaign roster that cannot be used; the message names the file, line and field."""


def read_campaign_roster(path: str | Path, side: str) -> list[ForceSpec]:
    """The forces of side ``side`` from a ``.yaml``/``.yml`` or ``.csv`` roster."""
    from ..counters.roster import roster_text

    path = Path(path)
    text = roster_text(path, MAX_ROSTER_BYTES, CampaignRosterError)
    suffix = path.suffix.lower()
    if suffix == ".csv":
        specs = _csv_forces(text, path.name, side)
    elif suffix in (".yaml", ".yml"):
        specs = _yaml_forces(text, path.name, side)
    else:
        raise CampaignRosterError(f"{path}: a campaign roster is a .yaml, .yml or .csv file")
    if not specs:
        raise CampaignRosterError(f"{path.name}: the roster lists no forces")
    if len(specs) > MAX_FORCES:
        raise CampaignRosterError(f"{path.name}: {len(specs)} forces; a side has at most {MAX_FORCES} (FW-1.1, one counter each)")
    return specs


def check_squares(specs: list[ForceSpec], board, side: str, name: str, holdings: set[str] | None = None) -> None:
    """A force given a square starts on or next to one of its side's ``holdings`` (FW-2.4; next to: friendly territory, [DEV])."""
    for spec in specs:
        if spec.square is None:
            continue
        where = f"{name} line {spec.line}, field 'square'"
        if not board.on_map(spec.square):
            raise CampaignRosterError(f"{where}: {spec.square} is not a land square of the map")
        if holdings is None or spec.square in holdings:
            continue
        near = any(spec.square in board.around.get(h, ()) for h in holdings)
        if not (near and board.squares[spec.square].territory == side):
            raise CampaignRosterError(
                f"{where}: {spec.square} is neither a holding of side {side} nor next to one in its territory (FW-2.4: "
                f"{', '.join(sorted(holdings)) or 'no holdings'})"
            )


def check_scouting(specs: list[ForceSpec], side: str, name: str) -> None:
    """Option ``army_composition``: a force the roster puts under Probe holds only Commands that may scout (FW-22.1)."""
    for n, spec in enumerate(specs, start=1):
        if spec.order != "probe":
            continue
        force = Force(f"{side}{n}", side, "A1", "probe", None, spec.leader, spec.units, spec.individuals, commands=spec.commands)
        why = probe_refusal(force, f"force {side}{n}")
        if why:
            raise CampaignRosterError(f"{name} line {spec.line}, field 'order': {why}")


# --- one value ---------------------------------------------------------------------------


def _text(value, where: str, field: str, required: bool = True, longest: int = MAX_NAME) -> str | None:
    """A name as the state keeps it (:func:`mapgen.text.text_problem`: one printable line, at most ``longest``)."""
    text = "" if value is None else str(value).strip()
    if not text:
        if required:
            raise CampaignRosterError(f"{where}, field '{field}': empty; it is needed")
        return None
    problem = text_problem(text, longest)
    if problem:
        raise CampaignRosterError(f"{where}, field '{field}': {problem}")
    return text


def _int(value, where: str, field: str, low: int, high: int, default: int | None = None) -> int:
    text = "" if value is None else str(value).strip()
    if text == "" and default is not None:
        return default
    try:
        number = int(text)
    except ValueError:
        raise CampaignRosterError(f"{where}, field '{field}': {text!r} is not a whole number") from None
    if not low <= number <= high:
        raise CampaignRosterError(f"{where}, field '{field}': {number} is outside {low}..{high}")
    return number


def _choice(value, where: str, field: str, choices: tuple[str, ...], required: bool) -> str | None:
    text = _text(value, where, field, required)
    if text is None:
        return None
    key = text.lower().replace(" ", "_").replace("-", "_")
    if key not in choices:
        raise CampaignRosterError(f"{where}, field '{field}': {text!r}; choose from {', '.join(choices)}")
    return key


def _bool(value, where: str, field: str) -> bool:
    text = "" if value is None else str(value).strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise CampaignRosterError(f"{where}, field '{field}': {value!r} is not yes or no")


def _square(value, where: str) -> str | None:
    text = _text(value, where, "square", required=False, longest=8)
    return text.upper() if text else None


def _unit(row: dict, where: str, uid: str) -> Unit:
    return Unit(
        id=_text(row.get("id"), where, "id", required=False) or uid,
        type=_text(row.get("type"), where, "type").lower().replace(" ", "_").replace("-", "_"),
        quality=_choice(row.get("quality"), where, "quality", QUALITIES, True),
        figures=_int(row.get("figures"), where, "figures", 1, MAX_FIGURES),
        points=_int(row.get("points"), where, "points", 0, MAX_POINTS, default=0),
        mercenary=_bool(row.get("mercenary"), where, "mercenary"),
        ally=_bool(row.get("ally"), where, "ally"),
        sea_folk=_bool(row.get("sea_folk"), where, "sea_folk"),
        base=_choice(row.get("base") or None, where, "base", BASES, False),
    )


def _too_many_units(where: str) -> str:
    return f"{where}: unit {MAX_UNITS + 1} of one force; mapgen takes at most {MAX_UNITS} units a force [DEV] (2000 points buy about fifteen)"


def _force(spec_leader: Leader, units: list[Unit], individuals: tuple[str, ...], order, square, line: int, where: str, name: str,
           commands: tuple[ArmyCommand, ...] = (), specials: tuple[str, ...] = ()) -> ForceSpec:
    """One force's spec, checked against FW-4.2 and FW-22; ``name``: the force as the player knows it (its counter, its roster name)."""
    if not units:
        raise CampaignRosterError(f"{where}, field 'units': a force needs at least one unit (FW-4.2.b)")
    if sea_folk_only(units):  # FW-20.5: the exception to FW-4.2.f, played with the watercraft option (checked at setup)
        problem = sea_folk_problem(units)
        if problem:
            raise CampaignRosterError(f"{where}: {name}: {problem}")
    elif auxiliaries_only(units):
        raise CampaignRosterError(
            f"{where}: {name} has only allied or mercenary units; allies and mercenaries cannot form a Force "
            "on their own, they support regular units (FW-4.2.f)"
        )
    twice = sorted(x for x, n in Counter(u.id for u in units).items() if n > 1)  # linear: a count per id
    if twice:
        raise CampaignRosterError(f"{where}, field 'units': unit id {twice[0]!r} appears twice in the force")
    if len(individuals) > len(units):
        raise CampaignRosterError(f"{where}, field 'individuals': {len(individuals)} individuals but {len(units)} units; no more individuals than units (FW-4.2.e)")
    generals = [c.general.name for c in commands]
    twice = next((g for g in generals if generals.count(g) > 1), None)
    if twice:
        raise CampaignRosterError(f"{where}, field 'commands': the General {twice!r} leads two Commands; each Command has its own named General (FW-22.2)")
    named = set(individuals) | {u.id for u in units}
    for s in specials:
        if s not in named:
            raise CampaignRosterError(f"{where}, field 'specials': {s!r} is neither a character nor a unit id of {name} (FW-22.3)")
    if len(set(specials)) != len(specials):
        raise CampaignRosterError(f"{where}, field 'specials': a name appears twice")
    return ForceSpec(spec_leader, tuple(units), individuals, order, square, line, tuple(commands), tuple(specials))


# --- YAML --------------------------------------------------------------------------------


def _yaml_forces(text: str, name: str, side: str) -> list[ForceSpec]:
    import yaml

    from ..yamltext import compose

    root = compose(text, name, "roster", CampaignRosterError)
    if root is None:
        raise CampaignRosterError(f"{name} line 1: the file is empty; it needs 'forces:' with a list of forces")
    top = _mapping(root, name, ("forces",))
    if "forces" not in top:
        raise CampaignRosterError(f"{name} line {root.start_mark.line + 1}: no 'forces:' list")
    seq = top["forces"]
    if not isinstance(seq, yaml.SequenceNode):
        raise CampaignRosterError(f"{name} line {seq.start_mark.line + 1}, field 'forces': expected a list of forces (lines starting with '- ')")
    if len(seq.value) > MAX_FORCES:
        extra = seq.value[MAX_FORCES]
        raise CampaignRosterError(f"{name} line {extra.start_mark.line + 1}: {len(seq.value)} forces; a side has at most {MAX_FORCES} (FW-1.1, one counter each)")
    specs = []
    for n, node in enumerate(seq.value, start=1):
        line = node.start_mark.line + 1
        where = f"{name} line {line}"
        f = _mapping(node, name, FORCE_KEYS)
        commands: tuple[ArmyCommand, ...] = ()
        if "commands" in f:
            for key in ("leader", "units"):
                if key in f:
                    raise CampaignRosterError(
                        f"{name} line {f[key].start_mark.line + 1}, field {key!r}: a force given by its 'commands' lists its units "
                        "under them and takes as Leader the General of highest CV (FW-4.2.d): drop this field"
                    )
            commands, units, characters = _yaml_commands(f["commands"], name, side, n)
            leader = leader_of(commands)
        else:
            if "leader" not in f:
                raise CampaignRosterError(f"{where}, field 'leader': missing; every force needs a leader (FW-4.2.b)")
            lead = _mapping(f["leader"], name, ("name", "cv"))
            lwhere = f"{name} line {f['leader'].start_mark.line + 1}"
            leader = Leader(_text(_scalar(lead.get("name"), name), lwhere, "leader.name"), _int(_scalar(lead.get("cv"), name), lwhere, "leader.cv", 1, 6))
            units = _yaml_units(f.get("units"), name, side, n, 0)
            characters = ()
        individuals = characters + _yaml_names(f.get("individuals"), name, where, "individuals")
        specials = _yaml_names(f.get("specials"), name, where, "specials")
        order = _choice(_scalar(f.get("order"), name), where, "order", ORDERS, False)
        label = f"force {side}{n} (led by {leader.name})"
        specs.append(_force(leader, units, individuals, order, _square(_scalar(f.get("square"), name), where), line, where, label,
                            commands, specials))
    return specs


def _yaml_units(unit_nodes, name: str, side: str, n: int, before: int) -> list[Unit]:
    """A list of units; those without an id are numbered on from ``before`` (``A1-U4``)."""
    import yaml

    if unit_nodes is None:
        return []
    if not isinstance(unit_nodes, yaml.SequenceNode):
        raise CampaignRosterError(f"{name} line {unit_nodes.start_mark.line + 1}, field 'units': expected a list of units")
    if before + len(unit_nodes.value) > MAX_UNITS:
        raise CampaignRosterError(_too_many_units(f"{name} line {unit_nodes.value[MAX_UNITS - before].start_mark.line + 1}"))
    units = []
    for k, unode in enumerate(unit_nodes.value, start=before + 1):
        row = {key: _scalar(v, name) for key, v in _mapping(unode, name, UNIT_KEYS).items()}
        units.append(_unit(row, f"{name} line {unode.start_mark.line + 1}", f"{side}{n}-U{k}"))
    return units


def _yaml_names(node, name: str, where: str, field: str) -> tuple[str, ...]:
    """A list of names (``individuals``, ``characters``, ``specials``)."""
    import yaml

    if node is None:
        return ()
    if not isinstance(node, yaml.SequenceNode):
        raise CampaignRosterError(f"{name} line {node.start_mark.line + 1}, field {field!r}: expected a list of names")
    if len(node.value) > MAX_UNITS:
        raise CampaignRosterError(f"{name} line {node.start_mark.line + 1}, field {field!r}: {len(node.value)} names; no more individuals than units (FW-4.2.e)")
    return tuple(_text(_scalar(i, name), where, field) for i in node.value)


def _yaml_commands(seq, name: str, side: str, n: int) -> tuple[tuple[ArmyCommand, ...], list[Unit], tuple[str, ...]]:
    """FW-22.2: a force's Commands, each a named General (``general: {name, cv}``), its ``characters`` and ``units``.

    Returns the Commands, the force's units (every Command's, in order) and its characters.
    """
    import yaml

    if not isinstance(seq, yaml.SequenceNode) or not seq.value:
        raise CampaignRosterError(f"{name} line {seq.start_mark.line + 1}, field 'commands': expected a list of Commands, each with its 'general' and 'units' (FW-22.2)")
    commands, units, characters = [], [], ()
    for cnode in seq.value:
        where = f"{name} line {cnode.start_mark.line + 1}"
        c = _mapping(cnode, name, COMMAND_KEYS)
        if "general" not in c:
            raise CampaignRosterError(f"{where}, field 'general': missing; each Command has a named General (FW-22.2)")
        g = _mapping(c["general"], name, ("name", "cv"))
        gwhere = f"{name} line {c['general'].start_mark.line + 1}"
        general = Leader(_text(_scalar(g.get("name"), name), gwhere, "general.name"), _int(_scalar(g.get("cv"), name), gwhere, "general.cv", 1, 6))
        own = _yaml_units(c.get("units"), name, side, n, len(units))
        if not own:
            raise CampaignRosterError(f"{where}, field 'units': the Command of {general.name} needs at least one unit (FW-4.2.b)")
        chars = _yaml_names(c.get("characters"), name, where, "characters")
        commands.append(ArmyCommand(general, tuple(u.id for u in own), chars))
        units += own
        characters += chars
    return tuple(commands), units, characters


def _mapping(node, name: str, keys: tuple[str, ...]) -> dict:
    import yaml

    if not isinstance(node, yaml.MappingNode):
        raise CampaignRosterError(f"{name} line {node.start_mark.line + 1}: expected 'field: value' lines ({', '.join(keys)})")
    out = {}
    for k, v in node.value:
        key = str(k.value).strip().lower()
        if key not in keys:
            raise CampaignRosterError(f"{name} line {k.start_mark.line + 1}, field {key!r}: unknown; the fields here are {', '.join(keys)}")
        out[key] = v
    return out


def _scalar(node, name: str):
    import yaml

    if node is None:
        return None
    if not isinstance(node, yaml.ScalarNode):
        raise CampaignRosterError(f"{name} line {node.start_mark.line + 1}: expected a single value")
    return None if node.tag.endswith(":null") else node.value


# --- CSV ---------------------------------------------------------------------------------


def _csv_forces(text: str, name: str, side: str) -> list[ForceSpec]:
    reader = csv.reader(io.StringIO(text))
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        raise CampaignRosterError(f"{name} line 1: the file is empty; it needs a header row: {','.join(CSV_COLUMNS)}") from None
    unknown = [h for h in header if h not in CSV_COLUMNS]
    if unknown:
        raise CampaignRosterError(f"{name} line 1, field {unknown[0]!r}: unknown column; the columns are {','.join(CSV_COLUMNS)}")
    by_command = "general" in header
    required = CSV_REQUIRED_COMMANDS if by_command else CSV_REQUIRED
    missing = [c for c in required if c not in header]
    if missing:
        raise CampaignRosterError(f"{name} line 1, field {missing[0]!r}: no such column; needed: {','.join(required)}")
    groups: dict[str, list[tuple[int, dict]]] = {}
    try:
        for cells in reader:
            if not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
                continue
            if len(cells) > len(header):
                raise CampaignRosterError(f"{name} line {reader.line_num}: {len(cells)} cells but the header names {len(header)} columns")
            row = {col: (cells[i].strip() if i < len(cells) else "") for i, col in enumerate(header)}
            force = _text(row.get("force"), f"{name} line {reader.line_num}", "force")
            rows = groups.setdefault(force, [])
            if len(groups) > MAX_FORCES:
                raise CampaignRosterError(f"{name} line {reader.line_num}: more than {MAX_FORCES} forces; a side has at most {MAX_FORCES} (FW-1.1, one counter each)")
            if len(rows) == MAX_UNITS:
                raise CampaignRosterError(_too_many_units(f"{name} line {reader.line_num}"))
            rows.append((reader.line_num, row))
    except csv.Error as exc:
        raise CampaignRosterError(f"{name} line {reader.line_num}: {exc}") from None
    specs = []
    for n, rows in enumerate(groups.values(), start=1):
        line, first = rows[0]
        where = f"{name} line {line}"
        for other_line, row in rows[1:]:
            for col in ("leader", "cv", "order", "square"):
                if row.get(col) and row.get(col) != first.get(col):
                    raise CampaignRosterError(f"{name} line {other_line}, field '{col}': {row[col]!r} differs from line {line} of the same force")
        if not by_command:
            leader = Leader(_text(first.get("leader"), where, "leader"), _int(first.get("cv"), where, "cv", 1, 6))
            commands, characters = (), ()
        units = [_unit({**row, "id": row.get("unit")}, f"{name} line {ln}", f"{side}{n}-U{k}") for k, (ln, row) in enumerate(rows, start=1)]
        if by_command:
            commands, characters = _csv_commands(rows, units, name)
            leader = leader_of(commands)
        specials = tuple(dict.fromkeys(x for ln, row in rows for x in _csv_names(row, ln, name, "specials")))
        order = _choice(first.get("order"), where, "order", ORDERS, False)
        label = f"force {side}{n} ({first.get('force')!r})"
        specs.append(_force(leader, units, characters, order, _square(first.get("square"), where), line, where, label, commands, specials))
    return specs


def _csv_names(row: dict, line: int, name: str, field: str) -> tuple[str, ...]:
    """The names of one cell (``characters``, ``specials``), separated by :data:`CSV_NAMES`."""
    cell = row.get(field) or ""
    return tuple(_text(x, f"{name} line {line}", field) for x in cell.split(CSV_NAMES) if x.strip())


def _csv_commands(rows: list[tuple[int, dict]], units: list[Unit], name: str) -> tuple[tuple[ArmyCommand, ...], tuple[str, ...]]:
    """FW-22.2: the force's Commands from its rows' ``general`` and ``general_cv`` (the same General, the same Command)."""
    generals: dict[str, tuple[int, int]] = {}  # name -> (CV, line first given)
    members: dict[str, list[str]] = {}
    chars: dict[str, list[str]] = {}
    for (ln, row), unit in zip(rows, units):
        where = f"{name} line {ln}"
        if row.get("leader") or row.get("cv"):
            field = "leader" if row.get("leader") else "cv"
            raise CampaignRosterError(f"{where}, field {field!r}: a force given by its Generals takes as Leader the one of highest CV (FW-4.2.d): leave it empty")
        general = _text(row.get("general"), where, "general")
        cv = _int(row.get("general_cv"), where, "general_cv", 1, 6)
        if general in generals and generals[general][0] != cv:
            raise CampaignRosterError(f"{where}, field 'general_cv': {cv} differs from line {generals[general][1]}, where {general} has CV {generals[general][0]}")
        generals.setdefault(general, (cv, ln))
        members.setdefault(general, []).append(unit.id)
        for c in _csv_names(row, ln, name, "characters"):
            if c not in chars.setdefault(general, []):
                chars[general].append(c)
    commands = tuple(ArmyCommand(Leader(g, cv), tuple(members[g]), tuple(chars.get(g, ()))) for g, (cv, _) in generals.items())
    return commands, tuple(c for cmd in commands for c in cmd.characters)
