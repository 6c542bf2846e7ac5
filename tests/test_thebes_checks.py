"""Thebes: one place for each number, one check for each rule (issue 20 item 2).

The costs and limits live in ``components`` (the weeks printed on the cards, the weeks a dig may last,
the expertise a dig needs, what a presentation card asks, the thief's draw, the professors' threshold).
Changing one in memory must change, together: the offer (``legal_actions``), the effect (what
``apply`` does: the weeks charged, the cards drawn or given) and the words (the refusal, the log).

A refusal's reason comes from the same check that decides legality (``refusals.refusal``); the legal
list comes from a fast generator.  On positions of seeded random games, every legal action is
accepted by the check and a wide set of readable actions that are not in the list (other positions'
legal actions, and every card, region, length and value of each kind) are refused with a reason.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import archeo_lab as al
from archeo_lab.games.thebes import GAME, components, position, refusals
from archeo_lab.games.thebes.actions import (
    Dig, DigWeeks, Draw, GiveRelic, PickRelic, PlayRobbers, PlayScientist, PlayThief, Take,
)
from archeo_lab.games.thebes.view import format_event

EGYPT = ["egypt expertise 3", "general knowledge 2"]


def _texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def _refusal(state, text: str) -> str:
    before = state.to_json()
    with pytest.raises(al.IllegalAction) as refused:
        state.apply(text)
    assert state.to_json() == before, "a refused action changes nothing"
    return str(refused.value)


def _replace(monkeypatch, table: dict, key: str, **changes) -> None:
    monkeypatch.setitem(table, key, dataclasses.replace(table[key], **changes))


# -- (a) a number changed in memory changes the offer, the effect and the words ---------------------

def test_dig_lengths_follow_min_and_max_weeks(monkeypatch):
    monkeypatch.setattr(components, "MIN_WEEKS", 2)
    monkeypatch.setattr(components, "MAX_WEEKS", 10)
    state = position(weeks=[0, 30], tableau=[EGYPT, []])
    state.apply("dig egypt")
    assert _texts(state) == [f"dig for {w} weeks" for w in range(2, 11)]
    assert "at least 2 and at most 10 weeks, not 11" in _refusal(state, "dig for 11 weeks")
    assert "at least 2 and at most 10 weeks, not 1" in _refusal(state, "dig for 1 week")
    state.apply("dig for 10 weeks")
    assert state.week[0] == 10


def test_the_expertise_a_dig_needs_is_offered_and_refused_with_its_number(monkeypatch):
    monkeypatch.setattr(components, "DIG_EXPERTISE", 2)
    novice = position(weeks=[0, 30], tableau=[["egypt expertise 1", "greece expertise 2"], []])
    assert "dig egypt" not in _texts(novice) and "dig greece" in _texts(novice)
    assert "at least 2 expertise (Expertise) in Egypt" in _refusal(novice, "dig egypt")
    novice.apply("dig greece")
    assert novice.phase == "weeks"


def test_an_exhibition_asks_what_its_card_says(monkeypatch):
    exhibition = components.EXHIBITION_BY_KEY["exhibition 1"]          # 3 Mesopotamia, + 2 Crete, + 1 Egypt
    _replace(monkeypatch, components.EXHIBITION_BY_KEY, "exhibition 1", need=(2, 1, 1), weeks=(8, 4, 2))
    two = ["mesopotamia relic 1", "mesopotamia relic 2"]
    short = position(weeks=[0, 30], exhibits=["exhibition 1"], relics=[two[:1], []])
    assert "take exhibition 1" not in _texts(short)
    assert "needs at least 2 Mesopotamia relics and you have 1" in _refusal(short, "take exhibition 1")
    state = position(weeks=[0, 30], exhibits=["exhibition 1"], relics=[two + ["crete relic 1"], []])
    assert "take exhibition 1" in _texts(state)          # the printed card asked for 3: offered at 2 now
    state.apply("take exhibition 1")
    assert state.week[0] == 4 != exhibition.weeks[1], "the second tier's weeks, as the changed card says"
    assert format_event(state.events[-1]).endswith("exhibition 1 (4 weeks).")


def test_a_museum_takes_the_relics_its_card_says(monkeypatch):
    _replace(monkeypatch, components.MUSEUM_BY_KEY, "museum 3", relics=2, weeks=3)
    short = position(weeks=[0, 30], museums=["museum 3"], relics=[["egypt relic 5"], []])
    assert "take museum 3" not in _texts(short)
    assert "museum 3 needs 2 relics to give and you have 1" in _refusal(short, "take museum 3")
    state = position(weeks=[0, 30], museums=["museum 3"], relics=[["egypt relic 5", "crete relic 1"], []])
    state.apply("take museum 3")                        # two relics held, two to give: given at once
    assert state.relics[0] == [[], [], [], []] and state.week[0] == 3 and state.phase == "turn"


@pytest.mark.parametrize("key", ["congress", "scientist", "egypt expertise 1"])
def test_the_weeks_printed_on_a_card_are_charged_and_logged(monkeypatch, key):
    _replace(monkeypatch, components.CARD_BY_KEY, key, weeks=5)
    storage = ["congress", "scientist", "egypt expertise 1", "congress"]
    state = position(weeks=[0, 30], storage=storage)
    assert f"take {key}" in _texts(state)
    assert GAME.view(state, 0)["storage"][storage.index(key)]["card"]["weeks"] == 5, "the board shows it"
    state.apply(f"take {key}")
    assert state.week[0] == 5
    take = next(e for e in reversed(state.events) if e[0] == "take")
    assert format_event(take).endswith("(5 weeks).")


@pytest.mark.parametrize("card,play,weeks", [
    ("scientist", "play scientist on egypt", 3),
    ("egypt tomb robbers", "play egypt tomb robbers", 5),
    ("egypt thief", "play egypt thief", 4),
])
def test_an_action_card_costs_the_weeks_printed_on_it_when_played(monkeypatch, card, play, weeks):
    _replace(monkeypatch, components.CARD_BY_KEY, card, play_weeks=weeks)
    state = position(weeks=[0, 30], hands=[[card], []], piles={"egypt": [0, 4]})
    state.apply(play)
    while state.phase != "turn":
        state.apply(state.legal_actions()[-1])
    assert state.week[0] == weeks


def test_the_assistant_costs_its_printed_weeks(monkeypatch):
    _replace(monkeypatch, components.CARD_BY_KEY, "assistant", play_weeks=4)
    state = position(weeks=[0, 30], tableau=[EGYPT, []], hands=[["assistant"], []])
    state.apply("dig egypt")
    state.apply("dig for 6 weeks with the assistant")
    assert state.week[0] == 6 + 4


def test_the_thief_draws_the_cards_the_rule_says(monkeypatch):
    monkeypatch.setattr(components, "THIEF_CARDS", 2)
    state = position(weeks=[0, 30], hands=[["egypt thief"], []], piles={"egypt": [0, 3, 5]})
    state.apply("play egypt thief")
    assert _texts(state) == ["draw 2 cards from egypt"]
    assert "'draw 2 cards from egypt'" in _refusal(state, "draw 1 card from egypt")
    state.apply("draw 2 cards from egypt")
    assert len(state.events[-1][3]) == 2


def test_the_professors_threshold_moves_the_card_and_the_words(monkeypatch):
    monkeypatch.setattr(components, "PROFESSOR_EXPERTISE", 3)
    state = position(weeks=[0, 30], tableau=[["egypt expertise 2"], []],
                     storage=["egypt expertise 1", "congress", "congress", "scientist"])
    assert state.professors[1] is None
    state.apply("take egypt expertise 1")
    assert state.professors[1] == 0
    assert "expertise there (3 or more)" in _refusal(position(), "take egypt professor")


# -- (b) the generator and the checks agree on random positions -------------------------------------

def _every_action() -> list:
    """Readable actions of every kind: every card, region (and one that is none), length and value."""
    regions = [*components.REGIONS, "atlantis"]
    out: list = [Take(k) for k in components.CARD_BY_KEY] + [Take("atlantis")]
    for r in regions:
        out += [Dig(r), PlayThief(r), PlayRobbers(r), PlayScientist(r)]
        out += [Draw(r, n) for n in range(0, 12)]
        out += [PickRelic(r, v) for v in range(0, 8)] + [GiveRelic(r, v) for v in range(0, 8)]
    out += [DigWeeks(w, a) for w in range(0, 14) for a in (False, True)]
    return out


EVERY_ACTION = _every_action()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legal_list_and_the_checks_agree_on_random_positions(players):
    seen: list = []                                      # legal actions of earlier positions
    for seed in range(12):
        state = GAME.new_state(players=players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            for action in legal:
                assert refusals.refusal(state, action) is None, f"{action} is offered but refused"
            others = rng.sample(seen, min(len(seen), 25)) + (EVERY_ACTION if step % 6 == 0 else [])
            for action in others:
                if action in legal:
                    continue
                reason = refusals.refusal(state, action)
                assert reason, f"'{action}' is not offered but the check accepts it ({state.phase})"
                assert not state.is_legal(action)
            if step % 25 == 0 and others:
                refused = next((a for a in others if a not in legal), None)
                if refused is not None:
                    assert _refusal(state, str(refused)) == refusals.refusal(state, refused)
            seen.extend(a for a in legal if a not in seen)
            state.apply(rng.choice(legal))
            step += 1


def test_every_legal_action_read_back_from_text_and_json_is_accepted_by_the_check():
    state = GAME.new_state(players=3, seed=4)
    rng = random.Random(4)
    while not state.is_terminal:
        for action in state.legal_actions():
            assert state.is_legal(str(action)) and state.is_legal(action.to_json())
        state.apply(rng.choice(state.legal_actions()))
