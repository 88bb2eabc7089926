"""The learned networks a search may use: read, checked and written.

A file of networks is msgpack: {"format": FORMAT, "version": VERSION,
"features": the feature names (bots/_features.py), "classes": the policy's
classes, "value": a network, "policy": a network, "trained": how they were
made (plain data: the command, the games, the seed)}. A network is
{"hidden": H, "outputs": O, "mean", "scale", "w1", "b1", "w2", "b2"}, each
array little-endian float32 bytes, W1 as [inputs, hidden] and W2 as
[hidden, outputs] row by row. A file is checked whole before a kernel reads
it: the features and classes must be this program's, every size must agree
and every number must be finite (a scale also positive), else NetworkError,
one sentence naming the file.

The networks the expert plays with ship in the package (SHIPPED, made by
`passport train`: docs/training.md).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import msgpack
import numpy as np

from engine.files import LimitError, parse_msgpack, read_limited, write_atomically

from ._features import FEATURE_NAMES, NUM_CLASSES, NUM_FEATURES, POLICY_CLASSES
from ._network import HEADER, MAX_HIDDEN, network_size

FORMAT = "passport-networks"
VERSION = 1
SHIPPED = Path(__file__).parent / "weights" / "expert.msgpack"
ARRAYS = ("mean", "scale", "w1", "b1", "w2", "b2")


class NetworkError(ValueError):
    """A file of networks that can't be used: one sentence."""


@dataclass(frozen=True)
class Network:
    """One network: standardization, then two layers with a ReLU between."""
    mean: np.ndarray    # [inputs]
    scale: np.ndarray   # [inputs], positive
    w1: np.ndarray      # [inputs, hidden]
    b1: np.ndarray      # [hidden]
    w2: np.ndarray      # [hidden, outputs]
    b2: np.ndarray      # [outputs]

    @property
    def inputs(self) -> int:
        return self.w1.shape[0]

    @property
    def hidden(self) -> int:
        return self.w1.shape[1]

    @property
    def outputs(self) -> int:
        return self.w2.shape[1]

    def flat(self) -> np.ndarray:
        """The flat float64 array the kernels read (bots/_network.py)."""
        flat = np.concatenate([[self.inputs, self.hidden, self.outputs], self.mean, self.scale,
                               self.w1.ravel(), self.b1, self.w2.ravel(), self.b2]).astype(np.float64)
        assert flat.size == network_size(self.inputs, self.hidden, self.outputs) and HEADER == 3
        return flat

    def logits(self, x: np.ndarray) -> np.ndarray:
        """The outputs for rows of inputs x (numpy; the kernels' twin, for tests and fits)."""
        z = (np.asarray(x, np.float64) - self.mean) / self.scale
        return np.maximum(z @ self.w1 + self.b1, 0.0) @ self.w2 + self.b2

    def to_document(self) -> dict:
        return {"hidden": self.hidden, "outputs": self.outputs,
                **{name: np.asarray(getattr(self, name), "<f4").tobytes() for name in ARRAYS}}


@dataclass(frozen=True)
class Networks:
    """The value network (one output: the logit that the seat wins) and the
    policy network (NUM_CLASSES outputs), with how they were made."""
    value: Network
    policy: Network
    trained: dict = field(default_factory=dict)

    def to_document(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "features": list(FEATURE_NAMES),
                "classes": list(POLICY_CLASSES), "value": self.value.to_document(),
                "policy": self.policy.to_document(), "trained": self.trained}


def write_networks(networks: Networks, path) -> None:
    """Write `networks` to `path` (msgpack), replacing it atomically; OSError
    when it can't be written."""
    write_atomically(Path(path), msgpack.packb(networks.to_document(), use_bin_type=True))


def read_networks(path) -> Networks:
    """The networks in the file at `path`, checked whole (NetworkError)."""
    path = Path(path)
    try:
        doc = parse_msgpack(read_limited(path))
    except OSError as error:
        raise NetworkError(f"{path}: can't be read ({error.strerror or error})") from None
    except LimitError as error:
        raise NetworkError(f"{path}: not a file of networks ({error})") from None
    return networks_from_document(doc, str(path))


def networks_from_document(doc, where: str) -> Networks:
    """The Networks a document describes, every field checked (NetworkError)."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise NetworkError(f"{where}: not a file of Passport's networks")
    if doc.get("version") != VERSION:
        raise NetworkError(f"{where}: networks of version {doc.get('version')!r} can't be read "
                           f"(this program reads version {VERSION})")
    if doc.get("features") != list(FEATURE_NAMES) or doc.get("classes") != list(POLICY_CLASSES):
        raise NetworkError(f"{where}: the networks read other features or classes than this "
                           "version of Passport computes; train them again")
    trained = doc.get("trained")
    if not isinstance(trained, dict):
        raise NetworkError(f"{where}: 'trained' must say how the networks were made")
    return Networks(_network(doc.get("value"), 1, f"{where}: the value network"),
                    _network(doc.get("policy"), NUM_CLASSES, f"{where}: the policy network"),
                    trained)


def _network(doc, outputs: int, where: str) -> Network:
    if not isinstance(doc, dict):
        raise NetworkError(f"{where} is missing")
    hidden = doc.get("hidden")
    if not (type(hidden) is int and 1 <= hidden <= MAX_HIDDEN):
        raise NetworkError(f"{where} has {hidden!r} hidden units; 1 to {MAX_HIDDEN} are read")
    if doc.get("outputs") != outputs:
        raise NetworkError(f"{where} has {doc.get('outputs')!r} outputs, not {outputs}")
    shapes = {"mean": (NUM_FEATURES,), "scale": (NUM_FEATURES,), "w1": (NUM_FEATURES, hidden),
              "b1": (hidden,), "w2": (hidden, outputs), "b2": (outputs,)}
    arrays = {}
    for name, shape in shapes.items():
        data = doc.get(name)
        if not isinstance(data, bytes) or len(data) != 4 * math.prod(shape):
            raise NetworkError(f"{where}: {name} must be {math.prod(shape)} float32 numbers")
        array = np.frombuffer(data, "<f4").astype(np.float64).reshape(shape)
        if not np.all(np.isfinite(array)):
            raise NetworkError(f"{where}: {name} holds a number that is not finite")
        arrays[name] = array
    if not np.all(arrays["scale"] > 0):
        raise NetworkError(f"{where}: every scale must be positive")
    return Network(**arrays)


def networks_digest(path: str = "") -> str:
    """What tells one file of networks from another: the first 16 hex digits
    of the SHA-256 of its bytes ("" for the package's; NetworkError when it
    can't be read)."""
    return _digest(Path(path) if path else SHIPPED)


@lru_cache(maxsize=8)
def _digest(path: Path) -> str:
    try:
        data = read_limited(path)
    except (OSError, LimitError) as error:
        raise NetworkError(f"{path}: can't be read ({error})") from None
    return hashlib.sha256(data).hexdigest()[:16]


@lru_cache(maxsize=8)
def network_file(path: str = "") -> Networks:
    """The networks in the file at `path` ("": those that ship in the
    package, SHIPPED), read once (NetworkError)."""
    return read_networks(Path(path) if path else SHIPPED)
