"""Same seed and options give byte-identical files; another seed gives another map."""


from mapgen.cli import main

from .cli_helpers import MANIFEST, files_in


def _run(argv):
    try:
        main(argv)
    except SystemExit as exc:
        assert not exc.code


def test_same_seed_same_bytes_in_every_format(tmp_path):
    for out in ("one", "two"):
        _run(["fw-map", "--seed", "42", "--size", "small", "--out", str(tmp_path / out)])
    names = files_in(tmp_path / "one")
    assert names == [MANIFEST, "fw-map-setup.md", "fw-map.json", "fw-map.pdf", "fw-map.svg"]
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name


def test_another_seed_another_map(tmp_path):
    for seed in ("1", "2"):
        _run(["fw-map", "--seed", seed, "--formats", "json,svg", "--out", str(tmp_path / seed)])
    for name in ("fw-map.json", "fw-map.svg"):
        assert (tmp_path / "1" / name).read_bytes() != (tmp_path / "2" / name).read_bytes()
