"""The learned networks: their file, checked whole, and their forward pass in
numba against numpy's."""

import msgpack
import numpy as np
import pytest

from engine import Game
from bots._features import NUM_CLASSES, NUM_FEATURES, feature_scratch, seat_features
from bots._network import class_chances, forward, network_values
from bots.difficulty import make_bot
from bots.networks import (
    SHIPPED, Network, NetworkError, Networks, network_file, networks_digest, read_networks,
    write_networks,
)


def random_network(outputs, hidden=16, seed=0):
    rng = np.random.default_rng(seed)
    return Network(rng.normal(0, 1, NUM_FEATURES), rng.uniform(0.5, 2, NUM_FEATURES),
                   rng.normal(0, 0.3, (NUM_FEATURES, hidden)), rng.normal(0, 0.1, hidden),
                   rng.normal(0, 0.3, (hidden, outputs)), rng.normal(0, 0.1, outputs))


def random_networks(seed=0):
    return Networks(random_network(1, seed=seed), random_network(NUM_CLASSES, seed=seed + 1),
                    {"made": "at random, for a test"})


def states(seed=4, players=4):
    game = Game.new(players=players, extensions="all", seed=seed)
    bots = [make_bot("greedy", s) for s in range(players)]
    while not game.over:
        yield game.snapshot()
        game.apply(bots[game.decider].choose(game.view(game.decider)))


def test_forward_pass_is_numpys():
    nets = random_networks()
    x = np.empty(NUM_FEATURES)
    hidden = np.empty(64)
    out = np.empty(NUM_CLASSES)
    scratch = feature_scratch()
    for k, S in enumerate(states()):
        if k % 5:
            continue
        seat_features(S, 1, x, scratch, False)
        for net in (nets.value, nets.policy):
            forward(net.flat(), x, hidden, out)
            assert np.allclose(out[:net.outputs], net.logits(x[None])[0], atol=1e-9)


def test_values_and_chances_are_distributions():
    nets = random_networks(3)
    x, hidden, logit = np.empty(NUM_FEATURES), np.empty(64), np.empty(NUM_CLASSES)
    scratch = feature_scratch()
    rewards = np.full(6, 7.0)
    chances = np.empty(NUM_CLASSES)
    S = next(states(players=4))
    network_values(S, nets.value.flat(), rewards, x, hidden, logit, scratch)
    assert np.isclose(rewards[:4].sum(), 1.0) and np.all(rewards[:4] > 0) and np.all(rewards[4:] == 0)
    expected = nets.value.logits(np.array([_features(S, s) for s in range(4)]))[:, 0]
    assert np.allclose(rewards[:4], np.exp(expected) / np.exp(expected).sum())
    class_chances(S, nets.policy.flat(), 0, chances, x, hidden, scratch)
    assert np.isclose(chances.sum(), 1.0) and np.all(chances > 0)


def _features(S, seat):
    x = np.empty(NUM_FEATURES)
    seat_features(S, seat, x, feature_scratch(), True)  # the value reads the whole state
    return x


def test_a_file_round_trips(tmp_path):
    path = tmp_path / "nets.msgpack"
    nets = random_networks()
    write_networks(nets, path)
    back = read_networks(path)
    assert back.trained == nets.trained
    for a, b in ((nets.value, back.value), (nets.policy, back.policy)):
        assert np.allclose(a.flat(), b.flat(), rtol=1e-6, atol=1e-6)  # float32 in the file


def _broken(doc, change):
    doc = msgpack.unpackb(msgpack.packb(doc, use_bin_type=True), raw=False)
    change(doc)
    return doc


@pytest.mark.parametrize("change,words", [
    (lambda d: d.update(format="other"), "not a file of Passport's networks"),
    (lambda d: d.update(version=99), "version 99"),
    (lambda d: d["features"].pop(), "other features or classes"),
    (lambda d: d["classes"].reverse(), "other features or classes"),
    (lambda d: d["value"].update(hidden=0), "hidden units"),
    (lambda d: d["value"].update(hidden=65), "hidden units"),
    (lambda d: d["policy"].update(outputs=3), "outputs"),
    (lambda d: d["value"].update(w1=b"\0" * 12), "w1 must be"),
    (lambda d: d["value"].update(b2=np.array([np.nan], "<f4").tobytes()), "not finite"),
    (lambda d: d["policy"].update(scale=np.zeros(NUM_FEATURES, "<f4").tobytes()), "positive"),
    (lambda d: d.pop("policy"), "policy network is missing"),
    (lambda d: d.update(trained=[1]), "trained"),
])
def test_a_bad_file_is_one_sentence(tmp_path, change, words):
    path = tmp_path / "bad.msgpack"
    path.write_bytes(msgpack.packb(_broken(random_networks().to_document(), change),
                                   use_bin_type=True))
    with pytest.raises(NetworkError) as caught:
        read_networks(path)
    message = str(caught.value)
    assert words in message and str(path) in message and "\n" not in message


def test_not_a_file(tmp_path):
    (tmp_path / "junk").write_bytes(b"\xc1\xc1")
    for path in (tmp_path / "missing", tmp_path / "junk", tmp_path):
        with pytest.raises(NetworkError):
            read_networks(path)


def test_the_shipped_networks_are_read():
    nets = network_file()
    assert SHIPPED.exists() and nets.value.outputs == 1 and nets.policy.outputs == NUM_CLASSES
    assert nets.trained["games"]["bot"] == "expert"  # says how they were made
    assert len(networks_digest()) == 16 and networks_digest() == networks_digest(str(SHIPPED))


def test_a_search_with_networks_plays_the_same_move_for_the_same_seed(tmp_path):
    path = tmp_path / "nets.msgpack"
    write_networks(random_networks(5), path)
    name = f"expert+learned_value=1+learned_prior=2+networks={path}"
    game = Game.new(players=4, extensions="none", seed=11)
    moves = []
    for _ in range(2):
        bot = make_bot(name, seed=3, think=0.005, measurement=True)
        moves.append(bot.choose(game.view(game.decider)))
        assert bot.last_iterations > 0
    assert moves[0] == moves[1] and moves[0] in game.legal_actions()


def test_a_bad_networks_file_is_refused_in_the_bots_name(tmp_path):
    from bots.names import BotNameError
    (tmp_path / "junk").write_bytes(b"junk")
    with pytest.raises(BotNameError, match="not a file of"):
        make_bot(f"expert+learned_value=1+networks={tmp_path / 'junk'}", measurement=True)


def test_a_results_file_knows_which_networks_it_measured(tmp_path):
    """Settings that use the networks carry their file's digest: networks
    trained again are other bots."""
    from bots.difficulty import search_settings_of
    path = tmp_path / "nets.msgpack"
    write_networks(random_networks(7), path)
    name = f"expert+learned_value=0.5+networks={path}"
    first = search_settings_of(name, 0.01, 4, 31)["networks_digest"]
    write_networks(random_networks(8), tmp_path / "other.msgpack")
    other = search_settings_of(f"expert+learned_value=0.5+networks={tmp_path / 'other.msgpack'}",
                               0.01, 4, 31)["networks_digest"]
    assert first != other
    assert "networks_digest" not in search_settings_of("expert", 0.01, 4, 31)
