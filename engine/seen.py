"""What one seat may know (R7.4), as record values: the setup, each step and
the state at a decision, in the vocabulary of records (docs/record-format.md), with every card
the seat did not see left out.

    setup_seen_by(recorder.document()["setup"], seat)   -> its hand, the table, the sizes
    step_seen_by(step, seat)                            -> a record step, hidden cards as null
    state_seen_by(game.view(seat))                      -> the position it decides in, in words
    decision_seen_by(game.view(seat))                   -> that, with its legal actions in words
    view_from_state(config, state, legal_actions)       -> that state checked, as a SeatView
    view_seen_by(game.view(seat))                       -> the engine's own observation, as data
    view_from_seen(config, data, legal_actions)         -> that observation checked, as a SeatView

These are what an outside program playing a seat is told (docs/agent-protocol.md),
so they follow the engine's own bookkeeping of who saw a card (`_core.learn`):

- public: countries, events, every card that goes to or comes from a face-up
  place (the discard pile, the center, a table), a trade's exchange and a
  smuggled item (both face up), every hand shown (`reveal`);
- a card drawn: its drawer;
- a card that goes from one hand to another (a steal, a Mousetrap, Lost
  Luggage): the two seats;
- a card set aside, taken or put back by a Local Guide or a Trading Post:
  the seat playing it;
- a shuffle: everyone knows which cards make up the new draw pile, no one
  their order, so the cards are given in card order.

A Binoculars look shows no card in its step (docs/record-format.md); what the looker saw
is in its next `state_seen_by`, which lists every card of another hand the
seat knows.
"""

from __future__ import annotations

import numpy as np

from . import cards as C
from ._told_state import _is_int, observation_from_state, state_from_observation
from .game import SeatView, StateError, check_view
from .steps import (
    EventDrawn, Look, Move, Reveal, Shuffle, Step, TurnBegins, Where, entry_to_record,
)

# The layout of an observation as `view_seen_by` gives it (engine/_layout.py):
# raised whenever that layout changes, so that a view from another version of
# the engine is refused rather than misread (tests/engine/test_seen.py ties
# it to the layout).
VIEW_VERSION = 1

# Places whose cards everyone sees (R7.4).
FACE_UP = frozenset({Where.DISCARD, Where.CENTER, Where.TABLE, Where.BOX, Where.VISITED,
                     Where.EVENT})
# Steps whose moves from hand to hand are shown to everyone: an accepted
# trade's exchange (R5.3) and a smuggled forbidden item (R9.5).
SHOWN_EXCHANGES = frozenset({"reply", "smuggle"})
# Action fields only the seat playing the card sees (R9.2): what a Local
# Guide took, what a Trading Post swapped (how many is public).
PRIVATE_FIELDS = {"local-guide": "take", "trading-post": "swaps"}


def _sees_move(step: Step, move: Move, seat: int) -> bool:
    source, dest = move.source, move.dest
    if Where.LOOK in (source.where, dest.where):
        return seat == step.seat  # an event there is only seen, not drawn (R9.1)
    if move.country or C.CARD_KINDS[move.card] < 0:  # a country; an event, shown as drawn
        return True
    if source.where in FACE_UP or dest.where in FACE_UP:
        return True
    if source.where is Where.HAND and dest.where is Where.HAND:
        return step.type in SHOWN_EXCHANGES or seat in (source.seat, dest.seat)
    # From the draw pile to a hand, or a hand to the draw pile: the hand's seat.
    return seat in (source.seat, dest.seat)


def step_seen_by(step: Step, seat: int) -> dict:
    """The record step (engine_actions left out) as `seat` saw it: a move
    whose card it did not see has null for the card, and so has what another
    seat's Local Guide took or Trading Post swapped; a shuffle lists the new
    draw pile's cards in card order."""
    record = step.to_record()
    moves = []
    for entry in step.moves:
        if isinstance(entry, Move):
            if entry.country:
                name = C.COUNTRIES[entry.card]
            else:
                name = C.CARD_NAMES[entry.card] if _sees_move(step, entry, seat) else None
            moves.append([name, str(entry.source), str(entry.dest)])
        elif isinstance(entry, Shuffle):
            moves.append({"shuffle": [C.CARD_NAMES[c] for c in sorted(entry.cards)]})
        elif isinstance(entry, (EventDrawn, Reveal)):
            moves.append(entry_to_record(entry))
        elif not isinstance(entry, (Look, TurnBegins)):
            raise ValueError(f"{entry!r} is not a step entry")
    action = record["action"]
    if seat != step.seat and step.type in PRIVATE_FIELDS:
        field = PRIVATE_FIELDS[step.type]
        action[field] = _hidden(action[field])
    return {"seat": record["seat"], "action": action, "moves": moves}


def _hidden(value):
    """The shape of an action field with its cards left out."""
    if isinstance(value, list):
        return [_hidden(v) for v in value]
    return None


def setup_seen_by(setup: dict, seat: int) -> dict:
    """A record's `setup` as `seat` knows it: the countries, the center,
    the characters and the start seat; its own hand; the other hands' and
    the piles' sizes only."""
    hands = setup["hands"]
    if not 0 <= seat < len(hands):
        raise ValueError(f"seat {seat} is not in this {len(hands)}-player game")
    return {"countries": list(setup["countries"]), "center": setup["center"],
            "characters": None if setup["characters"] is None else list(setup["characters"]),
            "hand": list(hands[seat]), "hand_sizes": [len(h) for h in hands],
            "draw_pile_size": len(setup["draw_pile"]), "box_size": len(setup["box"]),
            "start_seat": setup["start_seat"]}


def decision_seen_by(view: SeatView, seat_names=None) -> dict:
    """What `view`'s seat is asked: the phase, its legal actions as ids with
    their words (engine.actions.ACTION_TEXTS, seats called by `seat_names`),
    and the state it decides in (`state_seen_by`). A view the engine did not
    make is checked first (`check_view`)."""
    view = check_view(view)
    game = view.determinize(0)  # a world of the view: the words of an action are public
    return {"phase": game.phase.label,
            "actions": [{"id": action, "text": game.action_text(action, seat_names)}
                        for action in view.legal_actions],
            "state": state_from_observation(view.observation, view.seat)}


def state_seen_by(view: SeatView) -> dict:
    """The position `view`'s seat decides in, as it knows it (R7.4), in
    words (docs/agent-protocol.md, "The state"): every hand's size and the
    cards of it the seat has seen (its own hand whole), the table, the piles
    as far as it knows them, the step in progress (an offer, a payment, the
    cards set aside), and what it remembers and has noted. Read from the
    view's observation alone; `view_from_state` reads it back."""
    view = check_view(view)
    return state_from_observation(view.observation, view.seat)


def view_from_state(config, state, legal_actions) -> SeatView:
    """The SeatView that a `state_seen_by` value describes, with the legal
    actions the host named: its observation rebuilt (`observation_from_state`;
    engine/_told_state.py says which bookkeeping numbers it rebuilds as a
    fresh game has them) and checked whole before any kernel reads it
    (`check_view`). StateError, a ValueError, in one sentence, when a field
    is missing or of the wrong type or range, or the whole is not the view
    of a seat of a game of `config` that is to decide, or the actions are
    not that seat's legal actions there."""
    if not (isinstance(legal_actions, (list, tuple)) and all(_is_int(a) for a in legal_actions)):
        raise StateError("the actions named are not the legal actions of this view")
    seat, observation = observation_from_state(state, None, config.players, config.extensions,
                                               config.round_cap)
    view = SeatView(config, seat, observation, tuple(legal_actions))
    return check_view(view, deciding=True)


def view_seen_by(view: SeatView) -> dict:
    """The engine's own observation of `view`'s seat (`Game.observation`):
    everything the seat knows, in the engine's encoding, nothing more (R7.4).
    A program built on this engine rebuilds the seat's view from it with
    `view_from_seen`; `passport agent` does, to let Passport's bots play
    for another host."""
    return {"version": VIEW_VERSION, "seat": view.seat,
            "observation": [int(x) for x in view.observation]}


def view_from_seen(config, data, legal_actions) -> SeatView:
    """The SeatView that a `view_seen_by` value describes, with the legal
    actions the host named. Checked whole before any kernel reads it
    (`check_observation`): StateError, a ValueError, in one sentence, when it
    is not the view of a seat of a game of `config` that is to decide, or
    the actions are not that seat's legal actions there."""
    if not isinstance(data, dict):
        raise StateError("a seat's view is an object with version, seat and observation")
    version = data.get("version")
    if version != VIEW_VERSION:
        raise StateError(f"a seat's view of version {version!r} can't be read "
                         f"(this engine reads version {VIEW_VERSION})")
    seat, observation = data.get("seat"), data.get("observation")
    if not _is_int(seat):
        raise StateError(f"a seat's view names its seat as a whole number, not {seat!r}")
    if not (isinstance(observation, list) and all(_is_int(x) and -2**63 <= x < 2**63
                                                  for x in observation)):
        raise StateError("a seat's view holds its observation as a list of whole numbers")
    if not (isinstance(legal_actions, (list, tuple)) and all(_is_int(a) for a in legal_actions)):
        raise StateError("the actions named are not the legal actions of this view")
    view = SeatView(config, seat, np.array(observation, np.int64), tuple(legal_actions))
    return check_view(view, deciding=True)
