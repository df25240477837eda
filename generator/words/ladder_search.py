"""The ladder graph's search: neighbour lists, two-ended breadth-first counts and the layered DAG
of all shortest chains between two words (words.ladder builds graphs and solves with these)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from generator.errors import ParlourError

#: what an avoided word adds to a chain's cost (see words.ladder: fewest avoided words first)
AVOID_PENALTY = 100_000


class WordGraph(Protocol):
    """What the search needs of a graph (words.ladder.WordGraph is the one parlour builds)."""

    words: list[str]
    adj: list[list[int]]
    index: dict[str, int]

    def cost(self, i: int) -> int: ...


class LadderError(ParlourError, ValueError):
    """A Doublet that cannot be solved as asked; str() is a one-line explanation (the CLI
    prints it and exits 2)."""


class NoChain(LadderError):
    """No chain joins the two words; carries the sizes of their components."""

    def __init__(self, start: str, end: str, start_component: int, end_component: int) -> None:
        self.start, self.end = start, end
        self.start_component, self.end_component = start_component, end_component
        super().__init__(
            f"no chain joins '{start}' and '{end}': '{start}' reaches {start_component} "
            f"word{'s' if start_component != 1 else ''} and '{end}' reaches {end_component} "
            f"(counting itself) and the two groups never meet"
        )


@dataclass(frozen=True)
class ShortestChains:
    """All minimal chains between two words, as a layered DAG (layer i = words i steps in)."""

    graph: WordGraph
    start: int
    end: int
    layers: tuple[tuple[int, ...], ...]  # layers[0] == (start,), layers[-1] == (end,)
    _succ: dict[int, list[int]] = field(repr=False)

    @property
    def par(self) -> int:
        """Number of links (words strictly between the ends) in a minimal chain."""
        return len(self.layers) - 2

    @property
    def count(self) -> int:
        """Exact number of distinct minimal chains."""
        ways = {self.start: 1}
        for layer in self.layers[:-1]:
            for u in layer:
                w = ways[u]
                for v in self._succ[u]:
                    ways[v] = ways.get(v, 0) + w
        return ways[self.end]

    def words(self) -> list[str]:
        """Every word on some minimal chain (ends included), layer by layer."""
        words = self.graph.words
        return [words[i] for layer in self.layers for i in layer]

    def friendliest(self, avoid: Collection[int] = ()) -> list[str]:
        """The minimal chain with least total link cost; ties go to the alphabetically first.
        Word ids in `avoid` cost AVOID_PENALTY more (as the graph's own avoided words do)."""
        base = self.graph.cost
        extra = frozenset(avoid)
        if extra:

            def cost(i: int) -> int:
                return base(i) + (AVOID_PENALTY if i in extra else 0)

        else:
            cost = base
        # best[v] = (cost of the chain so far, chain of indices); word indices follow alphabetical
        # order, so comparing the index tuples compares the chains alphabetically.
        best: dict[int, tuple[int, tuple[int, ...]]] = {self.start: (0, (self.start,))}
        for layer in self.layers[:-1]:
            for u in layer:
                cu, chain = best[u]
                for v in self._succ[u]:
                    cand = (cu + cost(v), chain + (v,))
                    old = best.get(v)
                    if old is None or cand < old:
                        best[v] = cand
        words = self.graph.words
        return [words[i] for i in best[self.end][1]]

    def chain_cost(self, chain: Sequence[str]) -> int:
        """Total cost of the links of a chain (its ends excluded)."""
        idx, cost = self.graph.index, self.graph.cost
        return sum(cost(idx[w]) for w in chain[1:-1])

    def chains(self, limit: int | None = None) -> Iterator[list[str]]:
        """Yield minimal chains in alphabetical order, at most `limit` of them (None: all)."""
        if limit is not None and limit <= 0:
            return
        words = self.graph.words
        succ = {u: sorted(vs) for u, vs in self._succ.items()}
        produced = 0
        path = [self.start]
        stack = [iter(succ[self.start])]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                path.pop()
                continue
            path.append(nxt)
            if nxt == self.end:
                yield [words[i] for i in path]
                produced += 1
                if limit is not None and produced >= limit:
                    return
                path.pop()
            else:
                stack.append(iter(succ[nxt]))


def _adjacency(words: Sequence[str]) -> list[list[int]]:
    """Neighbour lists via wildcard buckets ("c_t" -> cat, cot, cut), never all pairs.

    For each letter position p the bucket key is the word with letter p removed; words sharing
    a key are one letter apart.  Most keys of long words are unique, so only the repeated keys
    are gathered into buckets (the dict/zip work runs at C speed).
    """
    n = len(words)
    adj: list[list[int]] = [[] for _ in range(n)]
    if n < 2:
        return adj
    ids = range(n)
    length = len(words[0])
    for p in range(length):
        if p == 0:
            keys = [w[1:] for w in words]
        elif p == length - 1:
            keys = [w[:-1] for w in words]
        else:
            keys = [w[:p] + w[p + 1 :] for w in words]
        last = dict(zip(keys, ids, strict=True))  # key -> last word id holding it
        if len(last) == n:
            continue
        buckets: dict[int, list[int]] = {}
        for i in [i for i, k in zip(ids, keys, strict=True) if last[k] != i]:
            j = last[keys[i]]
            bucket = buckets.get(j)
            if bucket is None:
                buckets[j] = [i]
            else:
                bucket.append(i)
        for j, bucket in buckets.items():
            bucket.append(j)
            for i in bucket:
                adj[i].extend([k for k in bucket if k != i])
    # Two distinct words of one length share at most one key, so no neighbour repeats.
    return adj


def _cutoff(max_links: int | None) -> int:
    """Most BFS steps worth searching for a chain of at most `max_links` links."""
    return 1 << 30 if max_links is None else max_links + 1


def _bidirectional_count(adj: list[list[int]], s: int, t: int, max_steps: int) -> tuple[int, int] | None:
    """(steps, number of shortest paths) from s to t by two-ended BFS; None if the two
    searches have not met within max_steps (or cannot meet).

    Each side keeps, for every word it has reached, the number of shortest paths from its
    end.  The searches first share words in the layer just grown; every shortest path
    crosses that layer exactly once, so the count is the sum over the shared words of the
    product of the two sides' counts.
    """
    ws = {s: 1}
    wt = {t: 1}
    fs, ft = [s], [t]
    a = b = 0
    while a + b < max_steps:
        if len(fs) <= len(ft):
            mine, other, frontier = ws, wt, fs
            a += 1
        else:
            mine, other, frontier = wt, ws, ft
            b += 1
        layer: list[int] = []
        new: dict[int, int] = {}
        for u in frontier:
            wu = mine[u]
            for v in adj[u]:
                if v in mine:
                    continue
                c = new.get(v)
                if c is None:
                    new[v] = wu
                    layer.append(v)
                else:
                    new[v] = c + wu
        if not layer:
            return None
        meet = [v for v in layer if v in other]
        if meet:
            return a + b, sum(new[v] * other[v] for v in meet)
        mine.update(new)
        if frontier is fs:
            fs = layer
        else:
            ft = layer
    return None


def _shortest_dag(g: WordGraph, s: int, t: int, max_steps: int) -> ShortestChains | None:
    """Two-ended BFS to the meeting layer, then prune both sides back to the minimal-chain DAG."""
    adj = g.adj
    ds = {s: 0}
    dt = {t: 0}
    ls: list[list[int]] = [[s]]  # ls[i]: words at distance i from s
    lt: list[list[int]] = [[t]]
    meet: list[int] = []
    while not meet:
        if len(ls) + len(lt) - 2 >= max_steps:
            return None
        fwd = len(ls[-1]) <= len(lt[-1])
        dmine, dother, lmine = (ds, dt, ls) if fwd else (dt, ds, lt)
        level = len(lmine)
        nxt = []
        for u in lmine[-1]:
            for v in adj[u]:
                if v not in dmine:
                    dmine[v] = level
                    nxt.append(v)
                    if v in dother:
                        meet.append(v)
        if not nxt:  # pragma: no cover - callers check connectivity first
            raise NoChain(g.words[s], g.words[t], 0, 0)
        lmine.append(nxt)
    # The two searches first share words in the layer just grown, so every meeting word is at
    # distance A = len(ls)-1 from s and B = len(lt)-1 from t, par + 1 = A + B, and every
    # minimal chain passes through exactly one meeting word (at position A).
    succ: dict[int, list[int]] = {}
    meet_set = set(meet)
    # s side: keep words with an onward step toward the meeting layer.
    s_side: list[list[int]] = []
    keep = meet_set
    for level in range(len(ls) - 2, -1, -1):
        layer = []
        for u in ls[level]:
            nexts = [v for v in adj[u] if v in keep]
            if nexts:
                succ[u] = nexts
                layer.append(u)
        s_side.append(layer)
        keep = set(layer)
    s_side.reverse()
    # t side: walk away from the meeting layer toward t.
    t_side: list[list[int]] = []
    prev = meet_set
    for level in range(len(lt) - 2, -1, -1):
        layer = []
        for v in lt[level]:
            for u in adj[v]:
                if u in prev:
                    succ.setdefault(u, []).append(v)
                    if not layer or layer[-1] != v:
                        layer.append(v)
        t_side.append(layer)
        prev = set(layer)
    succ.setdefault(t, [])
    mid = sorted(meet_set)
    layers = [*s_side, mid, *t_side]
    # t_side layers were built by scanning lt[level], each word once, so they have no repeats;
    # normalise layer order for reproducibility.
    return ShortestChains(
        graph=g,
        start=s,
        end=t,
        layers=tuple(tuple(sorted(set(layer))) for layer in layers),
        _succ=succ,
    )


def reach_levels(
    adj: list[list[int]],
    radius: int,
    through: Sequence[bool] | None = None,
    bits: Sequence[int] | None = None,
) -> Iterator[list[int]]:
    """For r = 0, 1, ..., radius: the bitsets of the words within r steps of every word (a list
    by word id), for the graph of neighbour lists `adj`.  Built level by level for the whole
    graph at once (one OR per edge per level), keeping only the last level.

    `through[i]`: whether a chain may pass through word i (None: every word); the ends of a
    chain need not.  `bits[i]`: the bit that stands for word i, or -1 for none (None: bit i),
    so the masks can be read in another graph's word ids, or hold only the words asked about."""
    own = [1 << v for v in range(len(adj))] if bits is None else [1 << b if b >= 0 else 0 for b in bits]
    cur = own
    yield cur
    for _ in range(radius):
        step = (
            cur if through is None else [c if ok else o for c, o, ok in zip(cur, own, through, strict=True)]
        )
        nxt = []
        for v, nbrs in enumerate(adj):
            m = own[v]
            for u in nbrs:
                m |= step[u]
            nxt.append(m)
        cur = nxt
        yield cur


def ball(adj: list[list[int]], s: int, max_links: int) -> dict[int, tuple[int, int]]:
    """Word id -> (par, number of minimal chains) for every word within `max_links` links of
    word s (one BFS outward, counting shortest paths as it goes); s itself left out."""
    dist = {s: 0}
    ways = {s: 1}
    frontier = [s]
    for d in range(1, max_links + 2):
        nxt: list[int] = []
        for u in frontier:
            wu = ways[u]
            for v in adj[u]:
                dv = dist.get(v)
                if dv is None:
                    dist[v] = d
                    ways[v] = wu
                    nxt.append(v)
                elif dv == d:
                    ways[v] += wu
        if not nxt:
            break
        frontier = nxt
    del dist[s]
    return {v: (d - 1, ways[v]) for v, d in dist.items()}


def bfs(adj: list[list[int]], s: int) -> tuple[list[int], list[int]]:
    """From word s: (distance in steps to every word or -1, number of shortest paths or 0)."""
    n = len(adj)
    dist = [-1] * n
    ways = [0] * n
    dist[s] = 0
    ways[s] = 1
    frontier = [s]
    d = 0
    while frontier:
        d += 1
        nxt: list[int] = []
        for u in frontier:
            wu = ways[u]
            for v in adj[u]:
                dv = dist[v]
                if dv < 0:
                    dist[v] = d
                    ways[v] = wu
                    nxt.append(v)
                elif dv == d:
                    ways[v] += wu
        frontier = nxt
    return dist, ways
