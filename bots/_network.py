"""The learned networks' forward pass, in numba: a value over a seat's
position and a policy over what it knows (_features.py).

A network is one flat float64 array (`bots.networks.Network.flat` writes
it): its sizes, then the inputs' standardization and its two layers,

    [inputs, hidden, outputs,
     mean[inputs], scale[inputs],
     W1[inputs, hidden], b1[hidden], W2[hidden, outputs], b2[outputs]]

with a ReLU between the layers. The value network has one output, the logit
of "this seat wins"; the search turns the logits of the table's seats into
win chances that sum to 1 (a softmax, as the fitted evaluation does). The
policy network has NUM_CLASSES outputs, the logits of the classes of a main
decision's actions (_features.POLICY_CLASSES).
"""

from . import _jit  # noqa: F401 -- first: cached kernels built from older sources are cleared

import numpy as np
from numba import njit

from engine.kernels import PLAYERS

from ._features import seat_features
from ._heuristic import softmax_in_place

HEADER = 3  # inputs, hidden, outputs
MAX_HIDDEN = 64  # the most hidden units a network may have (the search's scratch holds them)


def network_size(inputs: int, hidden: int, outputs: int) -> int:
    """The length of a network's flat array."""
    return HEADER + 2 * inputs + inputs * hidden + hidden + hidden * outputs + outputs


@njit(cache=True)
def forward(net, x, hidden_scratch, out):
    """out[:outputs] = the network `net`'s logits for the inputs x
    (hidden_scratch: at least `hidden` floats)."""
    inputs = np.int64(net[0])
    hidden = np.int64(net[1])
    outputs = np.int64(net[2])
    mean = HEADER
    scale = mean + inputs
    w1 = scale + inputs
    b1 = w1 + inputs * hidden
    w2 = b1 + hidden
    b2 = w2 + hidden * outputs
    for h in range(hidden):
        hidden_scratch[h] = net[b1 + h]
    for i in range(inputs):
        z = (x[i] - net[mean + i]) / net[scale + i]
        if z != 0.0:
            row = w1 + i * hidden
            for h in range(hidden):
                hidden_scratch[h] += z * net[row + h]
    for o in range(outputs):
        out[o] = net[b2 + o]
    for h in range(hidden):
        a = hidden_scratch[h]
        if a > 0.0:
            row = w2 + h * outputs
            for o in range(outputs):
                out[o] += a * net[row + o]


@njit(cache=True)
def network_values(S, net, rewards, x, hidden_scratch, logit, scratch):
    """Write into rewards[seat] every seat's win chance in the full state S
    by the value network `net` (each seat's position, `seat_features` with
    everything): the softmax of the seats' logits. x, hidden_scratch,
    logit, scratch: the caller's scratch."""
    n = S[PLAYERS]
    for s in range(n):
        seat_features(S, s, x, scratch, True)
        forward(net, x, hidden_scratch, logit)
        rewards[s] = logit[0]
    softmax_in_place(rewards, n, 1.0)
    for s in range(n, rewards.shape[0]):
        rewards[s] = 0.0


@njit(cache=True)
def class_chances(S, net, seat, chances, x, hidden_scratch, scratch):
    """Write into chances[NUM_CLASSES] the policy network's chance of each
    class of `seat`'s main decision in S (the softmax of its logits), from
    what the seat knows."""
    seat_features(S, seat, x, scratch, False)
    forward(net, x, hidden_scratch, chances)
    softmax_in_place(chances, np.int64(net[2]), 1.0)


