"""Whose command a command line is (mapgen.campaign.words): its lines print what that side may know."""

from __future__ import annotations

from mapgen.campaign.commands import Move, Moves
from mapgen.campaign.words import command_seat


def test_moves_of_one_sides_forces_are_that_sides_command():
    assert command_seat(Moves((Move("A1", ("C3",)), Move("A2", ())))) == "A"
    assert command_seat(Moves((Move("b4", ("C3",)),))) == "B"


def test_moves_of_both_sides_forces_are_no_one_sides():
    # a referee's command: nobody's secrets are told to one side
    assert command_seat(Moves((Move("A1", ("C3",)), Move("B1", ("C4",))))) is None
