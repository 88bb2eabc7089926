"""An outside bot for Passport, in the standard library only: it speaks the
agent protocol (docs/agent-protocol.md) on stdin and stdout and plays a legal
move at random, except that it travels whenever it may.

    passport tournament --bots 'cmd:python examples/random_agent.py',greedy --games 5

Start from here for a bot of your own: `decide` brings the state your seat
knows (your hand, the cards of other hands you have seen, the table) and the
legal actions with their words; answer with one action's id.
"""

import json
import random
import sys

NAME = "random-traveller"
VERSION = 2  # of the protocol (docs/agent-protocol.md, "Versions")


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def choose(decision, rng):
    """The id of the action to play: travel if that is legal, else any."""
    actions = decision["actions"]
    travels = [a for a in actions if a["text"].startswith("travel")]
    return (travels or [rng.choice(actions)])[0]["id"]


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else None
    rng = random.Random(seed)
    seat = None
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send({"type": "hello", "name": NAME, "version": VERSION})
        elif kind == "new_game":
            seat = message["seat"]
        elif kind == "observe":
            pass  # a step of the game, as this seat saw it
        elif kind == "decide":
            send({"type": "action", "id": choose(message, rng)})
        elif kind == "ping":
            send({"type": "pong"})
        elif kind == "game_over":
            won = message["winner"] == seat
            send({"type": "info", "text": "I won" if won else "good game"})
        elif kind == "quit":
            break


if __name__ == "__main__":
    main()
