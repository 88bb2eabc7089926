"""`passport openings build --backend ray`: the games of a build as Ray
tasks give the book local processes give, whatever order they finish in."""

import pytest

from openings import read_book
from passport_cli.runs.openings import _in_order

ray = pytest.importorskip("ray", reason="Ray is in the test extras: pip install -e '.[test]'")

BUILD = ["openings", "build", "--players", "2", "--level", "hard", "--depth", "1", "--seed", "4"]


@pytest.mark.slow
def test_a_build_on_ray_gives_the_book_of_local_processes(ray_instance, passport, tmp_path):
    local, remote = tmp_path / "local.msgpack", tmp_path / "ray.msgpack"
    assert passport(*BUILD, "--games", "3", "--out", local).exit_code == 0
    result = passport(*BUILD, "--games", "3", "--backend", "ray", "--out", remote)
    assert result.exit_code == 0, result.output
    assert read_book(remote).games == 3 and read_book(remote).entries == read_book(local).entries
    assert ray.is_initialized()  # an instance it did not start is left running


def test_results_are_taken_in_order_and_each_once():
    finished = [(2, "c"), (0, "a"), (0, "a, run again"), (3, "d"), (1, "b"), (2, "c, again")]
    assert list(_in_order(iter(finished))) == ["a", "b", "c", "d"]


def test_address_needs_the_ray_backend(passport, tmp_path):
    result = passport(*BUILD, "--games", "1", "--address", "auto", "--out", tmp_path / "b.msgpack")
    assert result.exit_code == 2 and "use it with --backend ray" in result.output
    assert not (tmp_path / "b.msgpack").exists()
