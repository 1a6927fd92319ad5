"""Compare sequences and report their differences (Weft's difflib).

SequenceMatcher pairs up the longest runs two sequences share; Differ,
ndiff, unified_diff and context_diff render the result as text for humans
or patch tools.  The HTML side-by-side renderer (HtmlDiff) is not provided.
"""

__all__ = ['get_close_matches', 'ndiff', 'restore', 'SequenceMatcher',
           'Differ', 'IS_CHARACTER_JUNK', 'IS_LINE_JUNK', 'context_diff',
           'unified_diff', 'diff_bytes', 'Match']

import collections as _collections
from types import GenericAlias

Match = _collections.namedtuple('Match', ['a', 'b', 'size'])


def _calculate_ratio(matches, length):
    # Twice the matched count over the combined length; two empty
    # sequences are a perfect match.
    if not length:
        return 1.0
    return 2.0 * matches / length


class SequenceMatcher:
    """Find the longest shared runs of two sequences of hashable items.

    The second sequence (b) is indexed once: every element maps to the
    positions where it occurs.  Elements for which isjunk returns true, and
    (with autojunk, for b of 200 items or more) elements occurring in more
    than 1% of b plus one, are left out of that index; they may still
    extend a match at its edges.
    """

    def __init__(self, isjunk=None, a='', b='', autojunk=True):
        self.isjunk = isjunk
        self.a = None
        self.b = None
        self.autojunk = autojunk
        self.set_seqs(a, b)

    def set_seqs(self, a, b):
        """Set both sequences to compare."""
        self.set_seq1(a)
        self.set_seq2(b)

    def set_seq1(self, a):
        """Set the first sequence (cheap: nothing is indexed for it)."""
        if a is self.a:
            return
        self.a = a
        self.matching_blocks = None
        self.opcodes = None

    def set_seq2(self, b):
        """Set the second sequence and rebuild its position index."""
        if b is self.b:
            return
        self.b = b
        self.matching_blocks = None
        self.opcodes = None
        self.fullbcount = None
        self._index_b()

    def _index_b(self):
        b = self.b
        positions = {}
        for idx, item in enumerate(b):
            where = positions.get(item)
            if where is None:
                positions[item] = [idx]
            else:
                where.append(idx)

        junk = set()
        isjunk = self.isjunk
        if isjunk:
            for item in list(positions):
                if isjunk(item):
                    junk.add(item)
            for item in junk:
                del positions[item]

        popular = set()
        size = len(b)
        if self.autojunk and size >= 200:
            limit = size // 100 + 1
            for item, where in list(positions.items()):
                if len(where) > limit:
                    popular.add(item)
            for item in popular:
                del positions[item]

        self.b2j = positions
        self.bjunk = junk
        self.bpopular = popular

    def find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None):
        """Longest matching block of a[alo:ahi] and b[blo:bhi] as a Match.

        Among equally long blocks the one starting earliest in a wins, then
        the one starting earliest in b.  Junk never starts a block but a
        block is widened over equal junk on both sides.
        """
        a, b, b2j = self.a, self.b, self.b2j
        junk = self.bjunk
        ahi = len(a) if ahi is None else ahi
        bhi = len(b) if bhi is None else bhi
        best_i, best_j, best_len = alo, blo, 0
        # run_at[j] = length of the match ending at a[i-1] and b[j]
        run_at = {}
        empty = ()
        for i in range(alo, ahi):
            next_run = {}
            lookup = run_at.get
            for j in b2j.get(a[i], empty):
                if j < blo:
                    continue
                if j >= bhi:
                    break
                length = lookup(j - 1, 0) + 1
                next_run[j] = length
                if length > best_len:
                    best_i = i - length + 1
                    best_j = j - length + 1
                    best_len = length
            run_at = next_run

        # Grow over equal non-junk items that were not indexed (popular).
        while (best_i > alo and best_j > blo
               and b[best_j - 1] not in junk
               and a[best_i - 1] == b[best_j - 1]):
            best_i -= 1
            best_j -= 1
            best_len += 1
        while (best_i + best_len < ahi and best_j + best_len < bhi
               and b[best_j + best_len] not in junk
               and a[best_i + best_len] == b[best_j + best_len]):
            best_len += 1

        # Then absorb equal junk on both edges.
        while (best_i > alo and best_j > blo
               and b[best_j - 1] in junk
               and a[best_i - 1] == b[best_j - 1]):
            best_i -= 1
            best_j -= 1
            best_len += 1
        while (best_i + best_len < ahi and best_j + best_len < bhi
               and b[best_j + best_len] in junk
               and a[best_i + best_len] == b[best_j + best_len]):
            best_len += 1

        return Match(best_i, best_j, best_len)

    def get_matching_blocks(self):
        """List of Match triples (i, j, n) with a[i:i+n] == b[j:j+n].

        Increasing in i and j, adjacent blocks joined, and closed by the
        dummy (len(a), len(b), 0).
        """
        if self.matching_blocks is not None:
            return self.matching_blocks
        len_a = len(self.a)
        len_b = len(self.b)
        pending = [(0, len_a, 0, len_b)]
        found = []
        while pending:
            alo, ahi, blo, bhi = pending.pop()
            m = self.find_longest_match(alo, ahi, blo, bhi)
            i, j, k = m
            if k:
                found.append(m)
                if alo < i and blo < j:
                    pending.append((alo, i, blo, j))
                if i + k < ahi and j + k < bhi:
                    pending.append((i + k, ahi, j + k, bhi))
        found.sort()

        merged = []
        cur_i = cur_j = cur_k = 0
        for i, j, k in found:
            if cur_i + cur_k == i and cur_j + cur_k == j:
                cur_k += k
            else:
                if cur_k:
                    merged.append((cur_i, cur_j, cur_k))
                cur_i, cur_j, cur_k = i, j, k
        if cur_k:
            merged.append((cur_i, cur_j, cur_k))
        merged.append((len_a, len_b, 0))
        self.matching_blocks = [Match(*t) for t in merged]
        return self.matching_blocks

    def get_opcodes(self):
        """List of 5-tuples (tag, i1, i2, j1, j2) turning a into b.

        tag is 'replace', 'delete', 'insert' or 'equal'.
        """
        if self.opcodes is not None:
            return self.opcodes
        pos_a = pos_b = 0
        codes = []
        for ai, bj, size in self.get_matching_blocks():
            if pos_a < ai:
                tag = 'replace' if pos_b < bj else 'delete'
            elif pos_b < bj:
                tag = 'insert'
            else:
                tag = None
            if tag is not None:
                codes.append((tag, pos_a, ai, pos_b, bj))
            pos_a = ai + size
            pos_b = bj + size
            if size:
                codes.append(('equal', ai, pos_a, bj, pos_b))
        self.opcodes = codes
        return codes

    def get_grouped_opcodes(self, n=3):
        """Yield groups of opcodes with at most n lines of context each."""
        codes = self.get_opcodes()
        if not codes:
            codes = [("equal", 0, 1, 0, 1)]
        # Like CPython, the edge trimming below is done on the cached list.
        tag, i1, i2, j1, j2 = codes[0]
        if tag == 'equal':
            codes[0] = (tag, max(i1, i2 - n), i2, max(j1, j2 - n), j2)
        tag, i1, i2, j1, j2 = codes[-1]
        if tag == 'equal':
            codes[-1] = (tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n))

        span = n + n
        group = []
        for tag, i1, i2, j1, j2 in codes:
            if tag == 'equal' and i2 - i1 > span:
                group.append((tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)))
                yield group
                group = []
                i1 = max(i1, i2 - n)
                j1 = max(j1, j2 - n)
            group.append((tag, i1, i2, j1, j2))
        if group and not (len(group) == 1 and group[0][0] == 'equal'):
            yield group

    def ratio(self):
        """Similarity in [0, 1]: 2*M/T, M matched items, T total items."""
        matched = 0
        for block in self.get_matching_blocks():
            matched += block[2]
        return _calculate_ratio(matched, len(self.a) + len(self.b))

    def quick_ratio(self):
        """Upper bound on ratio() from multiset intersection."""
        counts = self.fullbcount
        if counts is None:
            counts = {}
            for item in self.b:
                counts[item] = counts.get(item, 0) + 1
            self.fullbcount = counts
        left = {}
        matched = 0
        for item in self.a:
            if item in left:
                have = left[item]
            else:
                have = counts.get(item, 0)
            left[item] = have - 1
            if have > 0:
                matched += 1
        return _calculate_ratio(matched, len(self.a) + len(self.b))

    def real_quick_ratio(self):
        """Upper bound on ratio() from the lengths alone."""
        len_a = len(self.a)
        len_b = len(self.b)
        return _calculate_ratio(min(len_a, len_b), len_a + len_b)

    __class_getitem__ = classmethod(GenericAlias)


def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    """The (at most n) possibilities most similar to word, best first.

    Only candidates whose ratio() against word reaches cutoff count.
    """
    if n <= 0:
        raise ValueError("n must be > 0: %r" % (n,))
    if cutoff < 0.0 or cutoff > 1.0:
        raise ValueError("cutoff must be in [0.0, 1.0]: %r" % (cutoff,))
    scored = []
    matcher = SequenceMatcher()
    matcher.set_seq2(word)
    for candidate in possibilities:
        matcher.set_seq1(candidate)
        if (matcher.real_quick_ratio() >= cutoff
                and matcher.quick_ratio() >= cutoff
                and matcher.ratio() >= cutoff):
            scored.append((matcher.ratio(), candidate))
    import heapq
    return [candidate for _score, candidate in heapq.nlargest(n, scored)]


def _keep_original_ws(text, marks):
    # Where a mark is a blank over a whitespace character, reuse that
    # character (so tabs keep the hint line aligned).
    out = []
    for ch, mark in zip(text, marks):
        if mark == " " and ch.isspace():
            out.append(ch)
        else:
            out.append(mark)
    return "".join(out)


class Differ:
    """Line-by-line delta of two lists of strings, human readable.

    Each output line starts with a two-character code: '- ' (only in a),
    '+ ' (only in b), '  ' (in both) or '? ' (hints marking the changed
    characters of a similar line pair; these do not come from the inputs).
    """

    def __init__(self, linejunk=None, charjunk=None):
        self.linejunk = linejunk
        self.charjunk = charjunk

    def compare(self, a, b):
        """Yield the delta lines turning sequence a into sequence b."""
        matcher = SequenceMatcher(self.linejunk, a, b)
        for tag, alo, ahi, blo, bhi in matcher.get_opcodes():
            if tag == 'replace':
                lines = self._fancy_replace(a, alo, ahi, b, blo, bhi)
            elif tag == 'delete':
                lines = self._dump('-', a, alo, ahi)
            elif tag == 'insert':
                lines = self._dump('+', b, blo, bhi)
            elif tag == 'equal':
                lines = self._dump(' ', a, alo, ahi)
            else:
                raise ValueError('unknown tag %r' % (tag,))
            yield from lines

    def _dump(self, tag, x, lo, hi):
        prefix = tag + ' '
        for pos in range(lo, hi):
            yield prefix + x[pos]

    def _plain_replace(self, a, alo, ahi, b, blo, bhi):
        assert alo < ahi and blo < bhi
        # The shorter block goes first.
        if bhi - blo < ahi - alo:
            yield from self._dump('+', b, blo, bhi)
            yield from self._dump('-', a, alo, ahi)
        else:
            yield from self._dump('-', a, alo, ahi)
            yield from self._dump('+', b, blo, bhi)

    def _fancy_replace(self, a, alo, ahi, b, blo, bhi):
        # Pair up the most similar lines of the two blocks (similarity at
        # least 0.75), show that pair with '?' hints, and recurse on the
        # lines before and after it.  Identical lines (junk, or they would
        # have matched) only serve as a fallback anchor.
        threshold = 0.75
        best = 0.74
        best_i = best_j = None
        same_i = same_j = None
        chars = SequenceMatcher(self.charjunk)
        for j in range(blo, bhi):
            bline = b[j]
            chars.set_seq2(bline)
            for i in range(alo, ahi):
                aline = a[i]
                if aline == bline:
                    if same_i is None:
                        same_i, same_j = i, j
                    continue
                chars.set_seq1(aline)
                if (chars.real_quick_ratio() > best
                        and chars.quick_ratio() > best
                        and chars.ratio() > best):
                    best = chars.ratio()
                    best_i, best_j = i, j

        identical = False
        if best < threshold:
            if same_i is None:
                yield from self._plain_replace(a, alo, ahi, b, blo, bhi)
                return
            best_i, best_j = same_i, same_j
            identical = True

        yield from self._fancy_helper(a, alo, best_i, b, blo, best_j)

        aline = a[best_i]
        bline = b[best_j]
        if identical:
            yield '  ' + aline
        else:
            amarks = []
            bmarks = []
            chars.set_seqs(aline, bline)
            for tag, i1, i2, j1, j2 in chars.get_opcodes():
                na = i2 - i1
                nb = j2 - j1
                if tag == 'replace':
                    amarks.append('^' * na)
                    bmarks.append('^' * nb)
                elif tag == 'delete':
                    amarks.append('-' * na)
                elif tag == 'insert':
                    bmarks.append('+' * nb)
                elif tag == 'equal':
                    amarks.append(' ' * na)
                    bmarks.append(' ' * nb)
                else:
                    raise ValueError('unknown tag %r' % (tag,))
            yield from self._qformat(aline, bline, ''.join(amarks),
                                     ''.join(bmarks))

        yield from self._fancy_helper(a, best_i + 1, ahi, b, best_j + 1, bhi)

    def _fancy_helper(self, a, alo, ahi, b, blo, bhi):
        if alo < ahi:
            if blo < bhi:
                yield from self._fancy_replace(a, alo, ahi, b, blo, bhi)
            else:
                yield from self._dump('-', a, alo, ahi)
        elif blo < bhi:
            yield from self._dump('+', b, blo, bhi)

    def _qformat(self, aline, bline, atags, btags):
        atags = _keep_original_ws(aline, atags).rstrip()
        btags = _keep_original_ws(bline, btags).rstrip()
        yield "- " + aline
        if atags:
            yield "? " + atags + "\n"
        yield "+ " + bline
        if btags:
            yield "? " + btags + "\n"


def IS_LINE_JUNK(line, pat=None):
    """True for a line that is blank or holds only a '#' (and whitespace)."""
    if pat is not None:
        return pat(line) is not None
    stripped = line.strip()
    return stripped == '' or stripped == '#'


def IS_CHARACTER_JUNK(ch, ws=" \t"):
    """True for a blank or a tab (the default character junk of ndiff)."""
    return ch in ws


def _format_range_unified(start, stop):
    # "first,count" (1-based), just "first" for one line; an empty range
    # names the line before it.
    first = start + 1
    count = stop - start
    if count == 1:
        return '%d' % first
    if not count:
        first -= 1
    return '%d,%d' % (first, count)


def _check_types(a, b, *args):
    for seq in (a, b):
        if seq:
            head = seq[0]
            if not isinstance(head, str):
                raise TypeError('lines to compare must be str, not %s (%r)'
                                % (type(head).__name__, head))
    for value in args:
        if not isinstance(value, str):
            raise TypeError('all arguments must be str, not: %r' % (value,))


def _file_headers(mark_a, mark_b, fromfile, tofile, fromfiledate,
                  tofiledate, lineterm):
    from_date = '\t' + fromfiledate if fromfiledate else ''
    to_date = '\t' + tofiledate if tofiledate else ''
    return ('%s %s%s%s' % (mark_a, fromfile, from_date, lineterm),
            '%s %s%s%s' % (mark_b, tofile, to_date, lineterm))


def unified_diff(a, b, fromfile='', tofile='', fromfiledate='',
                 tofiledate='', n=3, lineterm='\n'):
    """Yield a unified-format diff of line lists a and b.

    n lines of context surround each change; lineterm ends the header
    lines (use '' when the inputs carry no newlines).
    """
    _check_types(a, b, fromfile, tofile, fromfiledate, tofiledate, lineterm)
    headed = False
    for group in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not headed:
            headed = True
            yield from _file_headers('---', '+++', fromfile, tofile,
                                     fromfiledate, tofiledate, lineterm)
        first = group[0]
        last = group[-1]
        yield '@@ -%s +%s @@%s' % (_format_range_unified(first[1], last[2]),
                                   _format_range_unified(first[3], last[4]),
                                   lineterm)
        for op, i1, i2, j1, j2 in group:
            if op == 'equal':
                for text in a[i1:i2]:
                    yield ' ' + text
            else:
                if op != 'insert':
                    for text in a[i1:i2]:
                        yield '-' + text
                if op != 'delete':
                    for text in b[j1:j2]:
                        yield '+' + text


def _format_range_context(start, stop):
    # "first,last" (1-based, inclusive), just "first" for 0 or 1 lines.
    first = start + 1
    count = stop - start
    if not count:
        first -= 1
    if count <= 1:
        return '%d' % first
    return '%d,%d' % (first, first + count - 1)


_CONTEXT_MARK = {'insert': '+ ', 'delete': '- ', 'replace': '! ',
                 'equal': '  '}


def context_diff(a, b, fromfile='', tofile='', fromfiledate='',
                 tofiledate='', n=3, lineterm='\n'):
    """Yield a context-format diff of line lists a and b."""
    _check_types(a, b, fromfile, tofile, fromfiledate, tofiledate, lineterm)
    headed = False
    for group in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not headed:
            headed = True
            yield from _file_headers('***', '---', fromfile, tofile,
                                     fromfiledate, tofiledate, lineterm)
        first = group[0]
        last = group[-1]
        yield '***************' + lineterm
        yield '*** %s ****%s' % (_format_range_context(first[1], last[2]),
                                 lineterm)
        if any(code[0] == 'replace' or code[0] == 'delete'
               for code in group):
            for tag, i1, i2, _j1, _j2 in group:
                if tag != 'insert':
                    for line in a[i1:i2]:
                        yield _CONTEXT_MARK[tag] + line
        yield '--- %s ----%s' % (_format_range_context(first[3], last[4]),
                                 lineterm)
        if any(code[0] == 'replace' or code[0] == 'insert'
               for code in group):
            for tag, _i1, _i2, j1, j2 in group:
                if tag != 'delete':
                    for line in b[j1:j2]:
                        yield _CONTEXT_MARK[tag] + line


def diff_bytes(dfunc, a, b, fromfile=b'', tofile=b'', fromfiledate=b'',
               tofiledate=b'', n=3, lineterm=b'\n'):
    """Run a str diff function (unified_diff, context_diff) over bytes.

    Inputs are mapped losslessly to str, diffed, and the output lines are
    mapped back to bytes.
    """
    # latin-1 maps every byte to one code point and back, so equality and
    # concatenation behave exactly as on the original bytes.
    def to_text(value):
        try:
            return value.decode('latin-1')
        except AttributeError as err:
            raise TypeError('all arguments must be bytes, not %s (%r)' %
                            (type(value).__name__, value)) from err

    a = [to_text(x) for x in a]
    b = [to_text(x) for x in b]
    fromfile = to_text(fromfile)
    tofile = to_text(tofile)
    fromfiledate = to_text(fromfiledate)
    tofiledate = to_text(tofiledate)
    lineterm = to_text(lineterm)
    for line in dfunc(a, b, fromfile, tofile, fromfiledate, tofiledate, n,
                      lineterm):
        yield line.encode('latin-1')


def ndiff(a, b, linejunk=None, charjunk=IS_CHARACTER_JUNK):
    """Differ(linejunk, charjunk).compare(a, b): a generator of delta lines."""
    return Differ(linejunk, charjunk).compare(a, b)


def restore(delta, which):
    """Recover sequence 1 or 2 (which) from an ndiff/Differ delta."""
    try:
        keep = {1: "- ", 2: "+ "}[int(which)]
    except KeyError:
        raise ValueError('unknown delta choice (must be 1 or 2): %r'
                         % which) from None
    for line in delta:
        head = line[:2]
        if head == "  " or head == keep:
            yield line[2:]
