"""`passport play --tutorial`: a first game that teaches. A fixed deal
against two easy bots; at the first decision of each kind a few lines say
what it is, with the rule section to read; then the game goes on as any
other."""

from __future__ import annotations

from engine import Phase
from engine import cards as C
from engine.actions import decode

# The deal of the tutorial (two easy bots, no extensions): one where the
# person meets every lesson in a short game.
TUTORIAL_SEED = 7
TUTORIAL_BOTS = 2
TUTORIAL_LEVEL = "easy"

# A lesson: (its name, the rule section, what it says).
LESSONS = {
    "goal": ("The goal", "R1",
             "Collect the 3 items your own country asks for, travel there, then do the same "
             "for the center country: the first to reach the center wins. Your hand below "
             "shows what you have and what you miss."),
    "actions": ("Your turn", "R4",
                "Each turn you take one action: draw a card (R5.1), recycle (R5.2), offer a "
                "trade (R5.3) or steal (R5.4); travel (R6) once you hold your 3 items and a "
                "passport. Type help N to read what option N does."),
    "recycle": ("Recycle", "R5.2",
                "Pay 2 cards from your hand to take any one card of the discard pile: the way "
                "to fetch an item you saw discarded."),
    "trade": ("Trade", "R5.3",
              "Offer a player 1 to 3 of your cards for 1 to 3 kinds of item they may hold. If "
              "they accept you both get the cards and you draw a bonus card; a declined offer "
              "is no action, and you may offer again (3 times a turn)."),
    "steal": ("Steal", "R5.4",
              "Pay a card to take a random card from a player's hand: a gamble that can take "
              "their passport."),
    "travel": ("Travel", "R6",
               "You hold the 3 items and a passport: travel! The 3 items are discarded, your "
               "country is visited, and the center country is your next trip."),
    "reply": ("An offer to you", "R5.3",
              "Another player offers you a trade: you see what you would get and give. "
              "Accepting gives them a bonus card; declining costs you nothing."),
    "hand limit": ("Hand limit", "R4",
                   "After an action, a hand over 7 cards discards down to 7: you choose which."),
    "your passport": ("Your passport", "R6",
                      "No travel without a passport: keep yours, and get another by a trade or a "
                      "steal if it is taken."),
}


def due(game, seat: int, given: set[str]) -> list[str]:
    """The lessons `seat`'s decision calls for that were not given yet, in order."""
    phase = game.phase
    names = {decode(action).name for action in game.legal_actions()}
    wanted = {
        Phase.MAIN: ["goal", "actions"] + (["travel"] if names & {"travel", "travel-card"}
                                           else []),
        Phase.RECYCLE_PAY: ["recycle"], Phase.TRADE_GIVE: ["trade"],
        Phase.STEAL_PAY: ["steal"], Phase.TRADE_REPLY: ["reply"],
        Phase.DISCARD: ["hand limit"],
    }.get(phase, [])
    if not any(C.card_kind(c) == C.KIND_PASSPORT for c in game.hand(seat)):
        wanted = ["your passport"] + wanted
    return [w for w in wanted if w not in given]


def lesson_lines(name: str) -> list[str]:
    title, section, words = LESSONS[name]
    return [f"Lesson — {title} ({section}): {words} (More: rules {section}.)"]
