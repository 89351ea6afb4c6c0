"""The random engine of docs/replay-spec.md §1: mix64, stream seeds, xoshiro256** and its draws."""

import math

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

INITIAL_WEIGHTS = 1
ORDER = 2
DATA = 3
SPLIT = 4


def mix64(z):
    z = (z + GOLDEN) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def stream_seed(master, point, repeat, purpose):
    h = mix64(master & MASK)
    h = mix64(h ^ point)
    h = mix64(h ^ repeat)
    return mix64(h ^ purpose)


def _rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class Rng:
    def __init__(self, seed):
        self.s = []
        for _ in range(4):
            seed = (seed + GOLDEN) & MASK
            self.s.append(mix64(seed))
        self.spare = None

    def next(self):
        s0, s1, s2, s3 = self.s
        r = (s1 * 5) & MASK
        result = ((((r << 7) | (r >> 57)) & MASK) * 9) & MASK
        t = (s1 << 17) & MASK
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = ((s3 << 45) | (s3 >> 19)) & MASK
        self.s = (s0, s1, s2, s3)
        return result

    def uniform(self):
        return float(self.next() >> 11) * 2.0**-53

    def below(self, n):
        m = self.next() * n
        low = m & MASK
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                m = self.next() * n
                low = m & MASK
        return m >> 64

    def gaussian(self):
        if self.spare is not None:
            v, self.spare = self.spare, None
            return v
        while True:
            u = 2.0 * self.uniform() - 1.0
            v = 2.0 * self.uniform() - 1.0
            s = u * u + v * v
            if not (s >= 1.0 or s == 0.0):
                break
        f = math.sqrt(-2.0 * math.log(s) / s)
        self.spare = v * f
        return u * f

    def permutation(self, n):
        order = list(range(n))
        for i in range(n, 1, -1):
            j = self.below(i)
            order[i - 1], order[j] = order[j], order[i - 1]
        return order
