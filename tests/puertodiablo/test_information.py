"""What each seat sees: characters chosen to go ashore stay hidden until revealed, and
determinization redraws exactly them; piles are counts with their known bottoms."""

from __future__ import annotations

import random

from ludoteca.games.puertodiablo.steps import SelectAshore

from .helpers import T, char, new_state


def at_selection(n=3):
    s = new_state(n)
    assert isinstance(s.next_step(), SelectAshore)
    return s


def test_a_choice_ashore_is_told_only_to_its_chooser():
    s = at_selection()
    seat = s.current_player()
    s.apply_action(s.legal_actions()[0])
    chosen = s.chosen[seat][0]
    other = (seat + 1) % 3
    assert s.observation(seat)["seats"][seat]["chosen"] == [chosen]
    assert s.observation(other)["seats"][seat]["chosen"] is None
    assert s.observation(other)["seats"][seat]["chosen_count"] == 1
    words = [s.describe_event(e, other) for e in s.events_for(other)]
    assert not any(T.char_names[chosen] in w for w in words)


def test_determinization_redraws_the_others_unrevealed_choices_from_their_ships():
    s = at_selection()
    seat = s.current_player()
    s.apply_action(s.legal_actions()[0])
    other = (seat + 1) % 3
    seen = set()
    for k in range(30):
        world = s.determinize(other, random.Random(k))
        assert world.chosen[other] == s.chosen[other]
        (c,) = world.chosen[seat]
        assert world.owner[c] == seat
        seen.add(c)
    assert len(seen) > 1  # it varies what the seat cannot see
    world = s.determinize(seat, random.Random(0))
    assert world.chosen[seat] == s.chosen[seat]  # and keeps what it knows


def test_the_reveal_shows_everybody_everything_chosen():
    s = at_selection(2)
    while isinstance(s.next_step(), SelectAshore):
        s.apply_action(s.legal_actions()[-1])
    assert s.chosen == [[], []]
    for seat in (0, 1):
        assert len(s.observation(1 - seat)["seats"][seat]["ashore"]) >= 2


def test_market_helpers_and_an_emptied_market_are_the_piles_known_bottom():
    from .test_rules import test_market_help_with_two_players_completes_what_they_cannot_commit
    test_market_help_with_two_players_completes_what_they_cannot_commit()
    s = new_state(2)
    assert s.char_pile.unseen == T.num_chars - 2 * 3  # the starting sets are out of it
    assert char("C01") not in [k for k, c in enumerate(s.char_pile.counts) if c]
