"""Best-scoring chains and rings through chosen words of one length (the Doublets Jewels key).

Given some words of a word-ladder graph (the "targets"), find a set of chains and closed rings,
each joining two or more targets one letter at a time, that scores the most: a target at an end
of an open chain scores its letter count, a target set inside a chain (or on any ring) twice
that, and every other word of a chain (a link) costs 1.  No word appears twice in one chain, a
target is used at most once in all, and a ring holds at least three targets.

The search is exact: every set of targets is tried, smallest first, each order of it bounded
below by the fewest links between neighbouring targets avoiding the other targets, then found
by iterative deepening.  Menger's condition (two disjoint paths from a set target) throws out
orders that cannot exist before a long search is spent on them.  A step budget bounds the whole
search: past it, ChainCover raises SearchBudget.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from generator.words.ladder import WordGraph

QUICK_STEPS = 2_000  # search steps tried on an order before proving it can exist at all
FRIENDLY_STEPS = 20_000  # search steps spent looking for the friendliest best chain


class SearchBudget(Exception):
    """The search passed its step budget (the caller redraws or reports it)."""


@dataclass(frozen=True)
class Route:
    """One chain (or ring) of the best cover: its words and which of them are targets."""

    words: tuple[str, ...]  # in order; a ring starts at a target and closes back to it
    targets: tuple[str, ...]  # the targets in the order met
    closed: bool
    links: int  # words that are not targets


def route_marks(length: int, targets: int, closed: bool, links: int) -> int:
    """Marks of a route: ends score `length`, set targets twice that, less one per link."""
    return 2 * length * (targets if closed else targets - 1) - links


_Order = tuple[tuple[int, ...], bool, int]  # target ids in order, closed (a ring)?, links


def _distances_to(adj: Sequence[Sequence[int]], k: int, blocked: set[int]) -> dict[int, int]:
    """Steps from every word to word k, walking only through words not in `blocked`."""
    d = {k: 0}
    frontier = [k]
    while frontier:
        nxt = []
        for u in frontier:
            for v in adj[u]:
                if v not in d and v not in blocked:
                    d[v] = d[u] + 1
                    nxt.append(v)
        frontier = nxt
    return d


class ChainCover:
    """Exact best cover for targets of one length (chains only join words of one length)."""

    def __init__(self, g: WordGraph, targets: Sequence[str], node_budget: int) -> None:
        self.g = g
        self.targets = list(targets)
        self.ids = [g.index[j] for j in targets]
        self.jset = set(self.ids)
        self.budget = node_budget
        self.steps = 0
        self._through_memo: dict[tuple[int, frozenset[int]], bool] = {}
        adj = g.adj
        # dist[k][v]: steps from non-target word v to target k through non-target words only.
        self.dist = {k: _distances_to(adj, k, self.jset) for k in self.ids}
        # seg[a][b]: fewest links between targets a and b avoiding all other targets (None: no way).
        self.seg: dict[int, dict[int, int | None]] = {}
        for a in self.ids:
            row: dict[int, int | None] = {}
            for b in self.ids:
                if a == b:
                    continue
                if b in adj[a]:
                    row[b] = 0
                    continue
                db = self.dist[b]
                row[b] = min((db[v] for v in adj[a] if v in db and v not in self.jset), default=None)
            self.seg[a] = row

    # -- Menger's condition -------------------------------------------------------------------

    def _through(self, x: int, y: int, z: int) -> bool:
        """True if some chain runs y ... x ... z (x set between them), avoiding other targets.

        That is Menger's condition: two paths from x, one to y and one to z, sharing no word.
        It is exact for one set target and a necessary condition for every target of a longer
        chain or a ring, which lets the search skip impossible orders at once.
        """
        key = (x, frozenset((y, z)))
        got = self._through_memo.get(key)
        if got is None:
            got = self._two_disjoint_paths(x, {y, z})
            self._through_memo[key] = got
        return got

    def _two_disjoint_paths(self, x: int, sinks: set[int]) -> bool:
        """Max-flow of two units from x, one into each sink, with unit vertex capacities: each
        word v is split into 2v (in) and 2v+1 (out); x is the source (its out node)."""
        flow: set[tuple[int, int]] = set()
        drained: set[int] = set()
        for _ in range(2):
            found = self._augmenting_path(x, sinks, flow, drained)
            if found is None:
                return False
            end, prev = found
            drained.add(end // 2)
            n = end
            while prev[n] != -1:
                p = prev[n]
                if (n, p) in flow:
                    flow.discard((n, p))
                else:
                    flow.add((p, n))
                n = p
        return True

    def _augmenting_path(
        self, x: int, sinks: set[int], flow: set[tuple[int, int]], drained: set[int]
    ) -> tuple[int, dict[int, int]] | None:
        """Breadth-first search of the residual graph for a path from x to an undrained sink:
        (the sink's in-node, the predecessor map), or None."""
        adj, jset = self.g.adj, self.jset
        start = 2 * x + 1
        prev: dict[int, int] = {start: -1}
        queue = [start]
        for n in queue:
            v, out = divmod(n, 2)
            if not out:  # at v's in-node
                if v in sinks:
                    if v not in drained:
                        return n, prev
                elif (n, n + 1) not in flow and n + 1 not in prev:
                    prev[n + 1] = n
                    queue.append(n + 1)
                for u in adj[v]:  # undo a unit that came in from u
                    m = 2 * u + 1
                    if (m, n) in flow and m not in prev:
                        prev[m] = n
                        queue.append(m)
            else:  # at v's out-node
                for w in adj[v]:
                    if w == x or (w in jset and w not in sinks):
                        continue
                    m = 2 * w
                    if (n, m) not in flow and m not in prev:
                        prev[m] = n
                        queue.append(m)
                if v != x and (n - 1, n) in flow and n - 1 not in prev:
                    prev[n - 1] = n
                    queue.append(n - 1)
        return None

    def _possible(self, seq: Sequence[int], closed: bool) -> bool:
        """Menger checks for every set target of the order (a quick necessary condition)."""
        k = len(seq)
        for i, x in enumerate(seq):
            if closed:
                y, z = seq[i - 1], seq[(i + 1) % k]
            elif 0 < i < k - 1:
                y, z = seq[i - 1], seq[i + 1]
            else:
                continue
            if not self._through(x, y, z):
                return False
        return True

    # -- the deepening search -----------------------------------------------------------------

    def _segments(self, seq: Sequence[int], closed: bool) -> tuple[list[tuple[int, int]], list[int]] | None:
        """The order's (from, to) segments and, for each, the least links of it and all after."""
        pairs = list(itertools.pairwise(seq))
        if closed:
            pairs.append((seq[-1], seq[0]))
        suffix = [0] * (len(pairs) + 1)
        for i in range(len(pairs) - 1, -1, -1):
            low = self.seg[pairs[i][0]][pairs[i][1]]
            if low is None:
                return None
            suffix[i] = suffix[i + 1] + low
        return pairs, suffix

    def _search(
        self, seq: Sequence[int], closed: bool, limit: int, stop: int, friendliest: bool
    ) -> list[int] | None:
        """Depth-first search for a chain through the targets `seq` in order (closing the ring
        if `closed`) with at most `limit` links and no word twice.  Returns the first chain
        found, or with `friendliest` the one of least link cost (exhausting the search).

        Pruning is admissible: a word is only entered if its distance to the segment's target
        (avoiding targets) still fits the links left after the later segments' minimum.
        Raises SearchBudget once self.steps passes `stop`.
        """
        segments = self._segments(seq, closed)
        if segments is None or segments[1][0] > limit:
            return None
        pairs, suffix = segments
        adj, jset, cost = self.g.adj, self.jset, self.g.cost
        path: list[int] = [seq[0]]
        used: set[int] = set()
        best: list[int] | None = None
        best_cost = 1 << 60

        def dfs(si: int, u: int, spent: int, spent_cost: int) -> bool:
            nonlocal best, best_cost
            self.steps += 1
            if self.steps > stop:
                raise SearchBudget
            if spent_cost >= best_cost:
                return False
            b = pairs[si][1]
            if b in adj[u]:
                path.append(b)
                if si + 1 == len(pairs):
                    if not friendliest:
                        return True
                    best, best_cost = list(path), spent_cost
                elif dfs(si + 1, b, spent, spent_cost):
                    return True
                path.pop()
            room = limit - spent - suffix[si + 1]  # links still allowed in this segment
            if room <= 0:
                return False
            db = self.dist[b]
            options = [v for v in adj[u] if v not in jset and v not in used and v in db and db[v] <= room]
            options.sort(key=lambda v: (db[v], cost(v), v))
            for v in options:
                used.add(v)
                path.append(v)
                if dfs(si, v, spent + 1, spent_cost + cost(v)):
                    return True
                path.pop()
                used.discard(v)
            return False

        if dfs(0, seq[0], 0, 0):
            return path
        return best

    def _min_links(
        self,
        seq: Sequence[int],
        closed: bool,
        min_links: int,
        max_links: int,
        steps: int | None = None,
    ) -> int | None:
        """Fewest links (within min..max) for this order with no word twice; None if there is
        no such chain.  Iterative deepening, so the first success is the minimum.  Raises
        SearchBudget past `steps` more steps (or the overall budget)."""
        stop = self.budget if steps is None else min(self.budget, self.steps + steps)
        for limit in range(min_links, max_links + 1):
            if self._search(seq, closed, limit, stop, friendliest=False) is not None:
                return limit
        return None

    def _route(self, seq: Sequence[int], closed: bool, links: int) -> Route:
        """The chain for an order whose fewest links are known: the friendliest one found
        within FRIENDLY_STEPS (else the first found)."""
        try:
            found = self._search(seq, closed, links, self.steps + FRIENDLY_STEPS, True)
        except SearchBudget:
            found = None
        if found is None:
            found = self._search(seq, closed, links, 1 << 60, friendliest=False)
        assert found is not None and len(found) - len(seq) - (1 if closed else 0) == links
        words = [self.g.words[i] for i in found]
        if closed:
            words.pop()  # the ring closes back to its first target
        return Route(tuple(words), tuple(self.g.words[i] for i in seq), closed, links)

    # -- choosing the best cover --------------------------------------------------------------

    def structures(self, subset: Sequence[int]) -> Iterator[tuple[tuple[int, ...], bool]]:
        """Target orders worth trying on `subset`: open chains (up to reversal) and rings."""
        k = len(subset)
        for perm in itertools.permutations(subset):
            if perm[0] < perm[-1]:
                yield perm, False
        if k >= 3:
            first, rest = subset[0], subset[1:]
            for perm in itertools.permutations(rest):
                if perm[0] < perm[-1]:
                    yield (first, *perm), True

    def _candidates(
        self, subset: Sequence[int], floor: int
    ) -> list[tuple[int, int, int, tuple[int, ...], bool]]:
        """Orders of `subset` whose upper bound beats `floor`: (upper, base, low, order,
        closed), best bound first."""
        length = self.g.length
        k = len(subset)
        cands = []
        for seq, closed in self.structures(subset):
            base = route_marks(length, k, closed, 0)
            lows = [self.seg[a][b] for a, b in itertools.pairwise(seq)]
            if closed:
                lows.append(self.seg[seq[-1]][seq[0]])
            if any(x is None for x in lows):
                continue
            low = sum(lows)  # type: ignore[arg-type]
            if base - low > floor:
                cands.append((base - low, base, low, seq, closed))
        cands.sort(key=lambda c: (-c[0], c[3], c[4]))
        return cands

    def _best_through(self, subset: Sequence[int], floor: int) -> tuple[int, _Order] | None:
        """The best single chain or ring through exactly `subset`, if it beats `floor`.

        Each order is first tried at its lower bound (usually enough: phase 1), then by
        iterative deepening up to what would still beat the best so far (phase 2)."""
        cands = self._candidates(subset, floor)
        best: tuple[int, _Order] | None = None
        impossible: set[int] = set()
        for phase in (1, 2):
            for n, (upper, base, low, seq, closed) in enumerate(cands):
                target = best[0] if best else floor
                if upper <= target:
                    break  # sorted by upper bound: nothing further can do better
                if n in impossible:
                    continue
                lo, hi = (low, low) if phase == 1 else (low + 1, base - target - 1)
                try:  # a short search first; if it drags, check the order can exist
                    found = self._min_links(seq, closed, lo, hi, QUICK_STEPS)
                except SearchBudget:
                    if not self._possible(seq, closed):
                        impossible.add(n)
                        continue
                    found = self._min_links(seq, closed, lo, hi)
                if found is not None:
                    best = (base - found, (seq, closed, found))
        return best

    def _partition(
        self, best_for: dict[frozenset[int], tuple[int, _Order]], rest: frozenset[int], whole: bool = True
    ) -> tuple[int, list[_Order]]:
        """The best split of `rest` into routes already found (`whole=False`: not `rest` itself
        as one route); targets may be left unused."""
        if not rest:
            return 0, []
        first = min(rest)
        others = sorted(rest - {first})
        result = self._partition(best_for, rest - {first})  # `first` left unused
        for r in range(1, len(others) + 1):
            for extra in itertools.combinations(others, r):
                part = frozenset((first, *extra))
                got = best_for.get(part)
                if got is None or (part == rest and not whole):
                    continue
                sub = self._partition(best_for, rest - part)
                if got[0] + sub[0] > result[0]:
                    result = (got[0] + sub[0], [got[1], *sub[1]])
        return result

    def solve(self) -> tuple[int, list[Route], list[str]]:
        """Best total marks, the routes achieving it, and the unused targets.

        For each set of targets (smallest first) the best single chain or ring through exactly
        that set is found, but only if it beats splitting the set into smaller ones (the
        "floor").  Finally the targets are partitioned.
        """
        best_for: dict[frozenset[int], tuple[int, _Order]] = {}
        for k in range(2, len(self.ids) + 1):
            for subset in itertools.combinations(sorted(self.ids), k):
                floor = self._partition(best_for, frozenset(subset), whole=False)[0]
                best = self._best_through(subset, floor)
                if best is not None:
                    best_for[frozenset(subset)] = best
        total, orders = self._partition(best_for, frozenset(self.ids))
        routes = [self._route(seq, closed, links) for seq, closed, links in orders]
        assert total == sum(route_marks(self.g.length, len(r.targets), r.closed, r.links) for r in routes)
        used_words = {j for r in routes for j in r.targets}
        return total, routes, [w for w in self.targets if w not in used_words]
