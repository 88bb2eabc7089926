"""Both file loaders under mutated game records: `engine.record` (replay,
check) raises only RecordError, and `passport play --resume`'s loader only
SaveError; a document that loads is one the engine replays exactly."""

import copy
import json

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from engine.record import RecordError, check_record, resume, validate_document

from .conftest import FUZZ, saved_games

VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**64, 2**64), st.floats(allow_nan=True),
              st.text(max_size=8), st.sampled_from(["Tent#1", "hand:0", "draw", "recycle",
                                                   "human", "bot:easy", "postcards"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)




def mutate(doc, data):
    """Change the document at a few random places: delete, replace, add."""
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 3))):
        node, key = doc, None
        for _ in range(data.draw(st.integers(0, 5))):
            children = (list(node) if isinstance(node, dict) else
                        list(range(len(node))) if isinstance(node, list) else [])
            if not children:
                break
            key = data.draw(st.sampled_from(children))
            if not isinstance(node[key], (dict, list)):
                break
            node = node[key]
        if not isinstance(node, (dict, list)) or not node:
            continue
        children = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = data.draw(st.sampled_from(children))
        what = data.draw(st.sampled_from(["delete", "replace", "add"]))
        if what == "delete":
            del node[key]
        elif what == "replace":
            node[key] = data.draw(VALUES)
        elif isinstance(node, dict):
            node[data.draw(st.text(max_size=6))] = data.draw(VALUES)
        else:
            node.insert(key, data.draw(VALUES))
    return doc


@FUZZ
@given(st.sampled_from(range(2)), st.data())
def test_a_mutated_record_is_refused_with_a_record_error_or_replays(which, data):
    doc = mutate(saved_games()[which], data)
    try:
        validate_document(doc)
        check_record(doc)
        recorder = resume(doc)
    except RecordError:
        event("record: refused")
        return
    event("record: replayed")
    again = recorder.document()  # what loaded saves again, and loads as the same game
    assert resume(copy.deepcopy(again)).document() == again


@FUZZ
@given(st.sampled_from(range(2)), st.data())
def test_a_mutated_save_is_refused_in_one_sentence_or_resumes(tmp_path_factory, which, data):
    from passport_cli.play.saves import SaveError, read_save, resume_save
    doc = mutate(saved_games()[which], data)
    path = tmp_path_factory.mktemp("save") / "game.json"
    try:
        text = json.dumps(doc, allow_nan=True)
    except (ValueError, TypeError):
        return
    path.write_text(text, encoding="utf-8")
    try:
        table, human = resume_save(read_save(path), path)
    except SaveError as error:
        assert "\n" not in str(error) and str(error).startswith("Can't resume")
        event("save: refused")
        return
    event("save: resumed")
    assert table.seats[human].player == "human" and not table.over


def test_the_fuzzed_documents_load_as_they_are():
    for doc in saved_games():
        check_record(doc)
        assert resume(copy.deepcopy(doc)).document() == doc
    with pytest.raises(RecordError):
        resume(dict(saved_games()[0], steps="no"))
