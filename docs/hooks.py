"""MkDocs hooks: the manual's reference pages made from the code at build time, never by hand.

- Commands: one page per ``mapgen`` command, each a mkdocs-click block over that command's own click
  object, so the options, types and help texts are the ones ``--help`` prints.  The list comes from
  the ``mapgen`` group itself (every module in ``mapgen.cli.COMMANDS`` imported first, as the lazy
  group imports it for ``--help``); a command whose click object cannot be found fails the build.
- File formats: one page per JSON Schema in ``mapgen/schemas/``, its fields as tables.
- Pictures: ``templates/examples/*.png`` (drawn by ``bench/readme_pictures.py``) served as
  ``images/``, so the manual and the README show the same files.
- Rulings: an index of the rule ids the rulings page cites, each linked to its section.

Wired in ``mkdocs.yml`` (``hooks:``); the pages are listed in the navigation here, after ``nav:``
is read, so a new command or schema needs no edit of ``mkdocs.yml``.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import click
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "mapgen" / "schemas"
PICTURES = ROOT / "templates" / "examples"
#: Where the generated pages go in the navigation: under these titles of the Reference section.
REFERENCE, COMMANDS_TITLE, FORMATS_TITLE = "Reference", "Commands", "File formats"
#: A rule id as the rulings cite them: FW-9.2, RC-1.7, AMB-50, NAP-7.3, NAP-A.6, [DEV] aside.
RULE_ID = re.compile(r"\b(?:FW|RC|MED|AMB|NAP)-(?:A\.)?\d+(?:\.\d+)*[a-z]?\b")


def mapgen_commands() -> list[tuple[str, str, str]]:
    """(command name, module, attribute) of every top-level ``mapgen`` command."""
    from mapgen import cli as cli_module

    for module in sorted(set(cli_module.COMMANDS.values())):
        importlib.import_module(f"mapgen.cli.{module}")
    group = cli_module.cli
    load_every_subcommand(group, "mapgen")
    found = []
    with click.Context(group, info_name="mapgen") as ctx:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            callback = getattr(command, "callback", None)
            module = getattr(callback, "__module__", None)
            attribute = getattr(callback, "__name__", None)
            if module is None or getattr(sys.modules.get(module), attribute or "", None) is not command:
                raise PluginError(f"mapgen {name}: its click command is not a module attribute mkdocs-click can load")
            found.append((name, module, attribute))
    return found


def load_every_subcommand(group: click.Group, path: str) -> None:
    """Import every subcommand a lazy group lists (``campaign``'s Renaissance ones...), and fail the build
    if one cannot be loaded: mkdocs-click documents a group's loaded commands only, so a command
    still missing after this would be missing from the reference."""
    with click.Context(group, info_name=path) as ctx:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if command is None:
                raise PluginError(f"{path} {name}: listed by the group, but no command loads")
            if isinstance(command, click.Group):
                load_every_subcommand(command, f"{path} {name}")
        missing = set(group.list_commands(ctx)) - set(group.commands)
    if missing:
        raise PluginError(f"{path}: {', '.join(sorted(missing))} would be missing from the command reference")


def command_page(name: str, module: str, attribute: str) -> str:
    """The page of one command (its subcommands below it), its title the command's own heading.

    The options are in mkdocs-click's plain style, as --help prints them: its table style shows click's
    UNSET sentinel as a default, and takes a help text's "<seed>" for an HTML tag.
    """
    return ("::: mkdocs-click\n"
            f"    :module: {module}\n"
            f"    :command: {attribute}\n"
            f"    :prog_name: mapgen {name}\n"
            "    :depth: 0\n"
            "    :style: plain\n"
            "    :list_subcommands: true\n")


def _type(spec: dict) -> str:
    """A field's type as a reader says it: integer, one of "a", "b", list of square..."""
    if "$ref" in spec:
        name = spec["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "const" in spec:
        return f"`{json.dumps(spec['const'])}`"
    if "enum" in spec:
        return "one of " + ", ".join(f"`{json.dumps(v)}`" for v in spec["enum"])
    for key in ("anyOf", "oneOf"):
        if key in spec:
            return " or ".join(_type(s) for s in spec[key])
    kind = spec.get("type", "any")
    if isinstance(kind, list):
        kind = " or ".join(kind)
    if kind == "array":
        items = spec.get("items")
        return f"list of {_type(items)}" if isinstance(items, dict) else "list"
    return kind


def _limits(spec: dict) -> str:
    words = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">", "exclusiveMaximum": "<",
             "minItems": "items >=", "maxItems": "items <=", "minLength": "length >=", "maxLength": "length <=",
             "pattern": "matches"}
    return ", ".join(f"{word} `{spec[key]}`" for key, word in words.items() if key in spec)


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _rows(spec: dict, prefix: str = "") -> list[str]:
    """Table rows of an object's fields; an inline object's or list's fields follow as a.b, a[].b."""
    rows = []
    required = set(spec.get("required", ()))
    for field, sub in spec.get("properties", {}).items():
        path = f"{prefix}{field}"
        notes = "; ".join(x for x in (sub.get("description", ""), _limits(sub)) if x)
        rows.append(f"| `{path}` | {_cell(_type(sub))} | {'yes' if field in required else ''} | {_cell(notes)} |")
        if sub.get("type") == "object" and "properties" in sub:
            rows += _rows(sub, f"{path}.")
        items = sub.get("items")
        if isinstance(items, dict) and items.get("type") == "object" and "properties" in items:
            rows += _rows(items, f"{path}[].")
    return rows


def _table(spec: dict) -> list[str]:
    rows = _rows(spec)
    if not rows:
        return [f"A value of type {_type(spec)}" + (f" ({_limits(spec)})." if _limits(spec) else "."), ""]
    return ["| field | type | required | notes |", "|---|---|---|---|", *rows, ""]


def schema_page(path: Path) -> str:
    schema = json.loads(path.read_text(encoding="utf-8"))
    name = path.name.removesuffix(".schema.json")
    lines = [f"# {name}", "", f"*{schema.get('title', name)}*", ""]
    if schema.get("description"):
        lines += [schema["description"], ""]
    lines += [f"`mapgen schema {name}` prints this schema (JSON Schema draft 2020-12); "
              f"`mapgen schema {name} --path` says where the installed file is. "
              "Generated from `mapgen/schemas/" + path.name + "` when the manual is built.", "",
              "## Fields", ""]
    lines += _table(schema)
    for def_name, spec in schema.get("$defs", {}).items():
        lines += [f"## {def_name}", ""]
        if spec.get("description"):
            lines += [spec["description"], ""]
        lines += _table(spec)
    return "\n".join(lines) + "\n"


def on_config(config):
    config["_mapgen_commands"] = mapgen_commands()
    config["_mapgen_schemas"] = sorted(SCHEMAS.glob("*.schema.json"))
    commands = [{f"mapgen {name}": f"reference/commands/{name}.md"} for name, _, _ in config["_mapgen_commands"]]
    formats = [{"Overview": "reference/formats/index.md"}]
    formats += [{p.name.removesuffix(".schema.json"): f"reference/formats/{p.name.removesuffix('.schema.json')}.md"}
                for p in config["_mapgen_schemas"]]
    for section in config["nav"]:
        if isinstance(section, dict) and REFERENCE in section:
            section[REFERENCE] += [{COMMANDS_TITLE: commands}, {FORMATS_TITLE: formats}]
            return config
    raise PluginError(f"mkdocs.yml: no '{REFERENCE}' section in nav for the generated pages")


def on_files(files, config):
    for name, module, attribute in config["_mapgen_commands"]:
        files.append(File.generated(config, f"reference/commands/{name}.md", content=command_page(name, module, attribute)))
    for path in config["_mapgen_schemas"]:
        files.append(File.generated(config, f"reference/formats/{path.name.removesuffix('.schema.json')}.md",
                                    content=schema_page(path)))
    for picture in sorted(PICTURES.glob("*.png")):
        files.append(File.generated(config, f"images/{picture.name}", abs_src_path=str(picture)))
    return files


def on_page_markdown(markdown, page, config, files):
    """The rulings page ends with an index: each rule id it cites, and the sections citing it."""
    if page.file.src_uri != "explanation/rulings.md":
        return markdown
    cited: dict[str, list[tuple[str, str]]] = {}
    heading = ("", "")
    for line in markdown.splitlines():
        match = re.match(r"^#{2,3} (.+)$", line)
        if match:
            title = match.group(1).strip()
            heading = (title, re.sub(r"[^\w\- ]", "", title.lower()).strip().replace(" ", "-"))
            continue
        for rule in RULE_ID.findall(line):
            if heading[0] and heading not in cited.setdefault(rule, []):
                cited[rule].append(heading)

    def order(rule: str):
        prefix, _, number = rule.partition("-")
        return prefix, [int(p) if p.isdigit() else 0 for p in re.findall(r"\d+", number)]

    index = ["", "## Index by rule id", "", "| rule | where |", "|---|---|"]
    for rule in sorted(cited, key=order):
        index.append(f"| {rule} | " + ", ".join(f"[{title}](#{anchor})" for title, anchor in cited[rule]) + " |")
    return markdown.rstrip() + "\n" + "\n".join(index) + "\n"
