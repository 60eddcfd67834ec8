"""Renaissance campaign rules as data, each with its digest rule ID and Tabella number.

Source: ``shared/rules/renaissance-campaign.md`` (RC-3 to RC-5, with the RC-A
interpretations) checked against the Italian original.  The map tables
(Tabelle 27 and 28) and the taxes (Tabella 29) are declared in
``mapgen/country/rules.py``, which the map generator already reads; this
module wraps the tax dict rather than copy it.  The engine, the setup sheets
and ``tests/test_renaissance_tables.py`` all read these.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..country.rules import TAX
from ..tables import RuleMap, Table, band

# --- RC-3.2: taxes (Tabella 29) ------------------------------------------

#: RC-3.2 Tabella 29, yearly tax by node kind: the dict the map generator reads (country/rules.py).
TAXES = RuleMap("RC-3.2", "Taxes (Tabella 29)", TAX)

#: What the rules mean by "cities": the capital counts as a city (RC-A.3, RC-A.7, RC-A.22, RC-A.32).
CITY_KINDS = ("city", "capital")
#: What the tax events mean by "villages": a walled village is taxed as a village (RC-A.35).
VILLAGE_KINDS = ("village", "walled_village")

# --- RC-3.4: banks and loans, the default table (Tabella 30) ---------------

#: RC-3.4: a bank lends at most half of the player's tax income from cities (RC-A.7).
LOAN_SHARE = Fraction(1, 2)
#: RC-3.4: repaid in full next spring with 25 % interest on the original loan, rounded up (RC-A.7).
LOAN_INTEREST_PERCENT = 25

#: RC-3.4 Tabella 30, rolled 1D6 (RC-A.24) by a player who cannot repay: every result removes them.
BANK_DEFAULT = Table(
    "RC-3.4",
    "Bank default (Tabella 30)",
    "1D6",
    (
        band(1, 1, "poisoned", "Poisoned at dinner with Lucrezia Borgia", eliminated=True),
        band(2, 2, "sold_by_mercenaries", "Sold to the enemy for ransom by their own mercenaries", eliminated=True),
        band(3, 3, "fell_from_battlements", "Fell from the highest battlements of the castle", eliminated=True),
        band(4, 4, "stabbed", "Stabbed by an assassin", eliminated=True),
        band(5, 5, "hunting_accident", "Mistaken for a wild boar while out hunting", eliminated=True),
        band(6, 6, "ruined", "Fire destroys all castles and estates; ruined", eliminated=True),
    ),
)

# --- RC-3.5: company strength (Tabella 31) --------------------------------

#: RC-3.5 Tabella 31: campaign strength of each company type.  Other kinds
#: (artillery) use the foot value of their size (RC-A.25).
COMPANY_STRENGTH = RuleMap(
    "RC-3.5",
    "Company strength (Tabella 31)",
    {
        "small": 1,
        "small_cavalry": 2,
        "medium": 2,
        "medium_cavalry": 4,
        "large": 4,
        "large_cavalry": 8,
        "rabble": 0,
    },
)

#: RC-3.6: armies per player, besides one army of allied forces.
MAX_ARMIES = 3
MAX_ALLIED_ARMIES = 1

# --- RC-3.9: fortification works (Tabella 32) ----------------------------


@dataclass(frozen=True)
class Work:
    id: str
    label: str
    cost: int  # ducats


#: RC-3.9 Tabella 32, with the software meaning of each work (RC-A.9).
FORTIFICATION_WORKS = RuleMap(
    "RC-3.9",
    "Fortifications (Tabella 32)",
    {
        w.id: w
        for w in (
            Work("fortify", "Fortify a settlement: an unwalled village gains walls", 50),
            Work("repair", "Repair the fortifications of a place successfully besieged (clears damaged)", 30),
            Work("improve", "Improve existing fortifications (advanced fortifications, once)", 50),
        )
    },
)

# --- RC-3.10: specialists (Tabella 33) -----------------------------------


@dataclass(frozen=True)
class Specialist:
    id: str
    label: str
    cost: int  # ducats
    duration: str  # "year" or "mission"
    effect: str


#: RC-3.10 Tabella 33 (software details in RC-A.10).
SPECIALISTS = RuleMap(
    "RC-3.10",
    "Specialists (Tabella 33)",
    {
        s.id: s
        for s in (
            Specialist("engineer", "Engineer", 20, "year", "helps in every siege phase: +1 with the besieger, -1 with the defender (Tabella 35)"),
            Specialist("diplomat", "Diplomat", 50, "year", "shown on the map as an army: a decoy to confuse the enemy"),
            Specialist("spy", "Spy", 30, "year", "the enemy reveals the strength (only) of its armies every summer phase"),
            Specialist("assassin", "Assassin", 25, "mission", "kills the enemy commander or one enemy specialist on 1D6 5-6"),
        )
    },
)

#: RC-3.10 Tabella 33: the assassin's roll, "riesce con 5 o 6".
ASSASSIN = Table(
    "RC-3.10",
    "Assassin (Tabella 33)",
    "1D6",
    (band(1, 4, "fails", "The attempt fails"), band(5, 6, "succeeds", "The target is killed")),
)

# --- RC-4.4 / RC-4.5: engagement choices and results (Tabella 34) ----------

#: RC-4.4: what the phasing side (the one that moved in) may choose, in secret.
PHASING_CHOICES = ("stand", "fall_back", "attack")
#: RC-4.4: the non-phasing side may also shut itself in a friendly fortified place.
NON_PHASING_CHOICES = PHASING_CHOICES + ("shut_in",)

#: RC-4.5 result codes: the phasing army goes back one move, the non-phasing one falls back
#: to a free adjacent node (or is captured), both do, a battle, the non-phasing side shuts in.
RESULT_CODES = ("P_BACK", "N_BACK", "BOTH_BACK", "BATTLE", "SHUT_IN")

#: RC-4.5 and RC-4.8: a side fighting a rear-guard action uses at most a third of its strength.
REAR_GUARD_SHARE = Fraction(1, 3)
#: RC-4.9: in a minor engagement the side the table names as defender counts +50 %.
DEFENDER_FACTOR = Fraction(3, 2)


@dataclass(frozen=True)
class Engagement:
    result: str  # one of RESULT_CODES
    defender: str | None = None  # "phasing", "non_phasing", or None (no battle, or the tactical rules decide)
    rear_guard: str | None = None  # the side that fights a rear-guard action with at most REAR_GUARD_SHARE
    text: str = ""


#: RC-4.5 Tabella 34, keyed (phasing choice, non-phasing choice): the nine combinations of the
#: source, plus shut_in (RC-4.4, RC-A.27), which overrides any phasing choice.
ENGAGEMENT = RuleMap(
    "RC-4.5",
    "Engagement (Tabella 34)",
    {
        ("stand", "stand"): Engagement("P_BACK", text="the phasing army is pushed back one move toward where it came from"),
        ("stand", "fall_back"): Engagement("N_BACK", text="the non-phasing army falls back to an adjacent node free of the enemy, or is captured"),
        ("stand", "attack"): Engagement("BATTLE", "phasing", text="a battle; the phasing side defends"),
        ("fall_back", "stand"): Engagement("P_BACK", text="the phasing army goes back one move toward where it came from"),
        ("fall_back", "fall_back"): Engagement("BOTH_BACK", text="both sides fall back to an adjacent node free of the enemy; a side that cannot is captured"),
        ("fall_back", "attack"): Engagement("BATTLE", "phasing", "phasing", "a battle; the phasing side defends with a rear guard of at most a third of its strength"),
        ("attack", "stand"): Engagement("BATTLE", "non_phasing", text="a battle; the non-phasing side defends"),
        ("attack", "fall_back"): Engagement("BATTLE", "non_phasing", "non_phasing", "a battle; the non-phasing side defends with a rear guard of at most a third of its strength"),
        ("attack", "attack"): Engagement("BATTLE", text="a battle; the tactical rules decide who attacks"),
        **{
            (choice, "shut_in"): Engagement("SHUT_IN", text="the non-phasing force shuts itself in; the phasing side may besiege it or move on next phase")
            for choice in PHASING_CHOICES
        },
    },
)

# --- RC-4.10: sieges (Tabella 35) -----------------------------------------

#: RC-4.10: 1D6 + modifiers of 7 or more takes the place.
SIEGE_TARGET = 7
#: RC-4.10 (RC-A.16): strength points the besieger loses at the end of every siege phase.
SIEGE_ATTRITION = 1
#: RC-4.10 Tabella 35: +1 for each this many ducats of bribes spent this phase.
BRIBE_DUCATS = 10

#: RC-4.10 the siege roll, made at the end of each siege phase; totals off the die clamp to the ends.
SIEGE = Table(
    "RC-4.10",
    "Siege roll (Tabella 35)",
    "1D6",
    (band(1, SIEGE_TARGET - 1, "holds", "The place holds"), band(SIEGE_TARGET, SIEGE_TARGET, "taken", "The place surrenders with its garrison")),
)


@dataclass(frozen=True)
class SiegeModifier:
    value: int
    condition: str


#: RC-4.10 Tabella 35, with RC-A.17 (the phase count includes this phase), RC-A.18 (the
#: besieger's companies count) and RC-A.19 (walled and fortress never both apply).
SIEGE_MODIFIERS = RuleMap(
    "RC-4.10",
    "Siege modifiers (Tabella 35)",
    {
        "phases": SiegeModifier(+1, "for each whole move (summer phase) spent besieging, this one included"),
        "besieger_engineer": SiegeModifier(+1, "the besieger has an engineer"),
        "bribes": SiegeModifier(+1, f"for each {BRIBE_DUCATS} ducats spent on bribes this phase"),
        "non_mercenary": SiegeModifier(+2, "the besieger's non-mercenary companies outnumber its mercenary ones"),
        "defender_engineer": SiegeModifier(-1, "the defender has an engineer"),
        "walled": SiegeModifier(-1, "the defender is in a walled place that is not a fortress"),
        "fortress": SiegeModifier(-2, "the defender is in a fortress"),
        "advanced_fortifications": SiegeModifier(-1, "the defender has advanced fortifications"),
    },
)

# --- RC-5.4: events (Tabella 36) -----------------------------------------

#: RC-5.4: each player rolls 1D6 every winter; only a 6 rolls on Tabella 36.
EVENT_CHECK = Table(
    "RC-5.4",
    "Event check (Tabella 36)",
    "1D6",
    (band(1, 5, "no_event", "No event this year"), band(6, 6, "event", "Roll on the events table")),
)

#: RC-5.4 Tabella 36; the effects apply next spring (the epidemic at the start of next summer,
#: RC-4.2), the tax changes for that one collection only (RC-A.28).  ``tax`` sets the rate of
#: ``tax_kinds``; ``tax_factor`` multiplies it ("raddoppiati": doubled, 80 ducats a city).
EVENTS = Table(
    "RC-5.4",
    "Events (Tabella 36)",
    "1D6",
    (
        band(1, 1, "epidemic", "Epidemic: all troops in one city, drawn at random, are wiped out at the start of summer", strikes=CITY_KINDS),
        band(2, 2, "famine", "Famine: each city pays 20 ducats", tax_kinds=CITY_KINDS, tax=20),
        band(3, 3, "poor_harvest", "Poor harvest: each village pays 5 ducats", tax_kinds=VILLAGE_KINDS, tax=5),
        band(4, 4, "good_harvest", "Good harvest: each village pays 15 ducats", tax_kinds=VILLAGE_KINDS, tax=15),
        band(5, 5, "papal_indulgence", "Papal indulgence: the tax from cities is doubled", tax_kinds=CITY_KINDS, tax_factor=2),
        band(6, 6, "natural_disaster", "Natural disaster: the fortifications of one fortified place, drawn at random, are destroyed", damages="fortified_place"),
    ),
)

#: Every dice table of the campaign turn, for setup sheets and tests.
ALL_TABLES = (BANK_DEFAULT, ASSASSIN, SIEGE, EVENT_CHECK, EVENTS)
#: Every table without dice.
ALL_MAPS = (TAXES, COMPANY_STRENGTH, FORTIFICATION_WORKS, SPECIALISTS, ENGAGEMENT, SIEGE_MODIFIERS)
