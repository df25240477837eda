"""The build queue of parlour serve: places, sharing, the cap and failures (no real builds: a
stand-in pool whose builds finish when the test says)."""

from __future__ import annotations

from concurrent.futures import Future

import pytest

from generator.errors import ParlourError
from generator.web.build import Builds, Built, Busy


class _Pool:
    def __init__(self) -> None:
        self.started: list[tuple[Future, tuple]] = []

    def submit(self, fn, *args):
        fut: Future = Future()
        self.started.append((fut, args))
        return fut


class _Queue(Builds):
    def __init__(self, workers: int, cap: int) -> None:
        super().__init__(workers, cap)
        self.fake = _Pool()

    def _pool(self):  # type: ignore[override]
        return self.fake


def test_builds_wait_their_turn_and_identical_requests_share_one():
    q = _Queue(workers=2, cap=3)
    jobs = [q.submit((n,), "calibrate", {"paper": str(n)}) for n in range(5)]
    assert len(q.fake.started) == 2  # as many at once as workers
    assert [q.place(j) for j in jobs] == [0, 0, 1, 2, 3]
    assert q.submit((3,), "calibrate", {"paper": "3"}) is jobs[3]  # the same choices: the same build
    with pytest.raises(Busy):
        q.submit((9,), "calibrate", {})  # beyond the cap: come back later
    fut, _ = q.fake.started[0]
    fut.set_result(Built(b"%PDF", 1))
    assert jobs[0].done.is_set() and q.wait(jobs[0]).pdf == b"%PDF"
    assert len(q.fake.started) == 3 and [q.place(j) for j in jobs[2:]] == [0, 1, 2]
    q.fake.started[1][0].set_exception(ParlourError("--players 1: Doublets is for 2 to 12 players"))
    with pytest.raises(ParlourError, match="Doublets"):
        q.wait(jobs[1])
    assert q.submit((1,), "calibrate", {"paper": "1"}) is jobs[1]  # a refusal is kept, not rebuilt
    q.fake.started[2][0].set_exception(RuntimeError("secret detail"))
    with pytest.raises(ParlourError) as e:
        q.wait(jobs[2])
    assert "secret" not in str(e.value) and "RuntimeError" not in str(e.value)
    assert q.submit((2,), "calibrate", {"paper": "2"}) is not jobs[2]  # a crash is tried again


class _DonePool:
    """A pool whose builds are already done when submit returns (a build that ends, or fails,
    before the queue has added its callback: the callback then runs at once, in the same thread)."""

    def submit(self, fn, *args):
        fut: Future = Future()
        fut.set_result(Built(b"%PDF", 1))
        return fut


def test_a_build_done_before_its_callback_is_added_does_not_lock_the_queue():
    import threading

    q = _Queue(workers=1, cap=4)
    q.fake = _DonePool()  # type: ignore[assignment]
    got: list = []
    t = threading.Thread(
        target=lambda: got.extend(q.submit((n,), "calibrate", {}) for n in range(3)), daemon=True
    )
    t.start()
    t.join(10)
    assert not t.is_alive(), (
        "the queue locked itself: a done build's callback waited for the queue's own lock"
    )
    assert all(j.done.is_set() and q.wait(j).pdf == b"%PDF" for j in got)
