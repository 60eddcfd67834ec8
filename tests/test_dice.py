import pytest

from mapgen.dice import Dice, DiceError, DiceExpr, Modifier, Roll, ScriptedDice, seed_to_int


@pytest.mark.parametrize(
    "text,count,sides,bonus",
    [("1D6", 1, 6, 0), ("2D6", 2, 6, 0), ("3D6", 3, 6, 0), ("1D6+2", 1, 6, 2), ("d6", 1, 6, 0), ("2d6-1", 2, 6, -1)],
)
def test_parse(text, count, sides, bonus):
    e = DiceExpr.parse(text)
    assert (e.count, e.sides, e.bonus) == (count, sides, bonus)
    assert DiceExpr.parse(str(e)) == e


@pytest.mark.parametrize("text", ["", "D", "2X6", "0D6", "1D1", "six"])
def test_parse_rejects(text):
    with pytest.raises(DiceError):
        DiceExpr.parse(text)


def test_roll_records_everything():
    d = Dice(3)
    r = d.roll("1D6+2", rule="FW-9.2", purpose="movement", modifiers=[Modifier("friendly territory", 1)])
    assert d.log == [r]
    assert r.seq == 1 and r.rule == "FW-9.2" and r.purpose == "movement" and r.dice == "1D6+2"
    assert len(r.faces) == 1 and 1 <= r.faces[0] <= 6
    assert r.total == r.faces[0] + 2 + 1
    assert Roll.from_json(r.to_json()) == r


def test_same_seed_same_rolls_and_string_seeds():
    a, b = Dice("winter campaign"), Dice("winter campaign")
    assert [a.roll("3D6", "X", "t").faces for _ in range(20)] == [b.roll("3D6", "X", "t").faces for _ in range(20)]
    assert seed_to_int("7") == seed_to_int(7) == 7
    assert seed_to_int("abc") != seed_to_int("abd")
    c = Dice(8)
    assert [c.roll("3D6", "X", "t").faces for _ in range(20)] != [Dice(9).roll("3D6", "X", "t").faces for _ in range(20)]


def test_every_face_appears_and_no_other():
    d = Dice(1)
    faces = {f for _ in range(600) for f in d.roll("1D6", "X", "t").faces}
    assert faces == {1, 2, 3, 4, 5, 6}


def test_scripted_dice():
    d = ScriptedDice([6, 5, 1])
    assert d.roll("2D6", "X", "t").total == 11
    assert d.roll("1D6", "X", "t").faces == [1]
    with pytest.raises(AssertionError):
        d.roll("1D6", "X", "t")
    with pytest.raises(AssertionError):
        ScriptedDice([7]).roll("1D6", "X", "t")


def test_contest_rerolls_ties():
    d = ScriptedDice([3, 3, 2, 5])
    assert d.contest("FW-2.3", "who chooses", ["A", "B"]) == ("B", "A")
    assert [r.result for r in d.log] == ["tie, roll again", "tie, roll again", "B wins", "B wins"]
