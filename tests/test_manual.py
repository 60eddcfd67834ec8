"""The manual and the help texts: a short README pointing to the manual, help without reStructuredText,
``new --help`` grouped by rule set, and the manual's generated reference and tutorials kept true.

``mkdocs build --strict`` itself runs in the README's test command (CI), after this suite.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from mapgen import cli as cli_module
from mapgen.cli import COMMANDS, cli

ROOT = Path(__file__).resolve().parent.parent
#: reStructuredText a terminal shows as it is: ``literal``, :func:`x`, a section underline, a directive.
RST = re.compile(r"``|:(?:func|class|meth|mod|attr|ref|data|obj|exc):`|^\s*(?:-{3,}|={3,})\s*$|^\.\. \w+::", re.M)


def every_command():
    """(path, command) of every mapgen command and subcommand, as --help finds them."""
    for module in set(COMMANDS.values()):
        importlib.import_module(f"mapgen.cli.{module}")

    def walk(command, path):
        yield path, command
        if isinstance(command, click.Group):
            with click.Context(command, info_name=path[-1]) as ctx:
                for name in command.list_commands(ctx):
                    yield from walk(command.get_command(ctx, name), [*path, name])

    return list(walk(cli, ["mapgen"]))


def load_hooks():
    pytest.importorskip("mkdocs", reason="the docs extra is not installed")
    spec = importlib.util.spec_from_file_location("manual_hooks", ROOT / "docs" / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    return hooks


def test_the_readme_is_short_and_says_where_the_manual_is():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 400
    assert "(docs/index.md)" in readme and (ROOT / "docs" / "index.md").exists()
    assert "(bench/RESULTS.md)" in readme and (ROOT / "bench" / "RESULTS.md").exists()
    for link in re.findall(r"\]\(((?:docs|bench|templates)/[^)#]+)", readme):
        assert (ROOT / link).exists(), link


def test_no_help_text_has_restructuredtext_markup():
    found = []
    for path, command in every_command():
        texts = [command.help or "", command.short_help or ""] + [getattr(p, "help", None) or "" for p in command.params]
        found += [f"{' '.join(path)}: {text[:80]!r}" for text in texts if RST.search(text)]
    assert not found


def test_the_markup_check_catches_markup():
    """Break it on purpose: each kind of markup the check looks for is caught."""
    for text in ("see ``mapgen schema``", "see :func:`mapgen.kit.write`", "Examples\n--------\n", ".. note::"):
        assert RST.search(text), text
    assert not RST.search("Campaign size (FW-3.3): capital + 2, 3 or 6 holdings per side.")


def sections(help_text: str) -> dict[str, list[str]]:
    """The options listed under each heading of a --help text."""
    found, title = {}, None
    for line in help_text.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            title = line[:-1]
            found[title] = []
        elif title and re.match(r"^  (-\w, )?--[\w-]+", line):
            found[title].append(re.match(r"^  (?:-\w, )?(--[\w-]+)", line).group(1))
    return found


def test_new_help_groups_its_options_by_rule_set():
    result = CliRunner().invoke(cli, ["new", "--help"])
    assert result.exit_code == 0
    got = sections(result.output)
    # FW-3.3 sizes the Fantasy Warriors grid; RC-1 draws the Renaissance countries on sheets.
    assert {"--size", "--width", "--height", "--holdings", "--races", "--square-mm", "--style", "--balanced"} <= set(got["Fantasy Warriors options"])
    assert {"--countries", "--neutrals", "--sheet", "--topology", "--players", "--ends"} <= set(got["Renaissance options"])
    assert {"--campaign", "--seed", "--out", "--paper", "--formats", "--help"} <= set(got["Options"])
    listed = [name for names in got.values() for name in names]
    assert len(listed) == len(set(listed))  # each option once
    every = {opt for p in cli.get_command(click.Context(cli), "new").params for opt in p.opts if opt.startswith("--")}
    assert set(listed) == every | {"--help"}


def test_every_command_has_a_reference_page_and_one_it_cannot_load_fails_the_build():
    hooks = load_hooks()
    names = [name for name, _, _ in hooks.mapgen_commands()]
    with click.Context(cli) as ctx:
        assert names == cli.list_commands(ctx)
    for name, module, attribute in hooks.mapgen_commands():
        assert f":module: {module}" in hooks.command_page(name, module, attribute)

    @click.command("ghost")
    def ghost():
        """A command no module holds under its own name."""

    ghost.callback.__name__ = "not_there"
    cli.add_command(ghost)
    try:
        with pytest.raises(hooks.PluginError, match="mapgen ghost"):
            hooks.mapgen_commands()
    finally:
        del cli.commands["ghost"]
    assert "ghost" not in cli_module.COMMANDS


@pytest.mark.parametrize("schema_file", sorted((ROOT / "mapgen" / "schemas").glob("*.schema.json")), ids=lambda p: p.name)
def test_every_file_format_page_lists_every_field_of_its_schema(schema_file):
    hooks = load_hooks()
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    page = hooks.schema_page(schema_file)
    for field in schema.get("properties", {}):
        assert f"| `{field}` |" in page
    for field in schema.get("required", ()):
        assert re.search(rf"^\| `{re.escape(field)}` \| [^\n]* \| yes \|", page, re.M), field
    for name in schema.get("$defs", {}):
        assert f"\n## {name}\n" in page


def test_the_rulings_index_links_each_rule_id_to_the_sections_citing_it():
    hooks = load_hooks()

    class Page:
        class file:  # noqa: N801 - stands for mkdocs's File
            src_uri = "explanation/rulings.md"

    text = "# Rulings\n\n## Movement\n\nA road (FW-9.2, AMB-50).\n\n## Sieges\n\nRC-4.3 and FW-9.2 again.\n"
    out = hooks.on_page_markdown(text, Page, {}, None)
    assert "| FW-9.2 | [Movement](#movement), [Sieges](#sieges) |" in out
    assert "| AMB-50 | [Movement](#movement) |" in out and "| RC-4.3 | [Sieges](#sieges) |" in out


def test_the_transcript_check_catches_a_wrong_line():
    spec = importlib.util.spec_from_file_location("transcripts", ROOT / "docs" / "transcripts.py")
    transcripts = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(transcripts)
    got = ["Day 1 begins", "A2 moves", "B2 moves", "Now: day 1"]
    assert transcripts.matches(["Day 1 begins", "...", "Now: day 1"], got)
    assert transcripts.matches(got, got)
    assert not transcripts.matches(["Day 1 begins", "...", "Now: day 2"], got)
    assert not transcripts.matches(got[:3], got)  # a line the page leaves out


def test_the_tutorials_print_what_the_commands_print():
    """Each tutorial's transcript run as written: every command prints what the page says it prints."""
    pages = [ROOT / "docs" / "tutorials" / name for name in ("first-turn.md", "first-renaissance-year.md")]
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"  # this venv's mapgen
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "transcripts.py"), *map(str, pages)],
                          capture_output=True, text=True, timeout=600, env={**os.environ, "PATH": path})
    assert done.returncode == 0, done.stdout[-4000:]


def test_a_subcommand_a_group_lists_but_cannot_load_fails_the_build():
    hooks = load_hooks()

    class Lazy(click.Group):
        def list_commands(self, ctx):
            return ["march", "phantom"]

    group = Lazy("campaign")
    group.add_command(click.Command("march"))
    with pytest.raises(hooks.PluginError, match="phantom"):
        hooks.load_every_subcommand(group, "mapgen campaign")
    hooks.load_every_subcommand(click.Group("campaign", commands=[click.Command("march")]), "mapgen campaign")


def test_the_campaign_reference_documents_every_campaign_command():
    """The campaign group loads its Renaissance commands lazily; the reference must still list them all."""
    hooks = load_hooks()
    hooks.mapgen_commands()
    group = cli.get_command(click.Context(cli), "campaign")
    with click.Context(group) as ctx:
        assert set(group.commands) == set(group.list_commands(ctx))
    assert {"army", "loan", "siege", "simulate", "turn", "move"} <= set(group.commands)
