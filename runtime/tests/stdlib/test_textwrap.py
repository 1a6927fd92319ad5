import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import textwrap
import threading

para = ("The quick brown fox jumps over the lazy dog. Pack my box with five dozen "
        "liquor jugs!  How vexingly quick daft zebras jump? Sphinx of black quartz, "
        "judge my vow. A well-known, state-of-the-art, self-explanatory e-mail "
        "arrived--unexpectedly--at 9:30-ish; see http://example.com/a-b-c for details.")

for width in (1, 2, 5, 10, 15, 20, 33, 50, 79, 200):
    print(width, textwrap.wrap(para, width))
print(textwrap.fill(para, 40))
print(textwrap.fill(para, 30, initial_indent="* ", subsequent_indent="  "))
print(textwrap.wrap(para, 25, break_on_hyphens=False))
print(textwrap.wrap(para, 12, break_long_words=False))
print(textwrap.wrap(para, 12, break_long_words=False, break_on_hyphens=False))
print(textwrap.wrap(para, 30, fix_sentence_endings=True))
print(textwrap.wrap("Mr. Smith went.  He said 'hi.' Then \"bye!\" ok? Yes 3. No", 60, fix_sentence_endings=True))
print(textwrap.wrap("  leading and trailing   ", 10))
print(textwrap.wrap("  leading and trailing   ", 10, drop_whitespace=False))
print(textwrap.wrap("   ", 10), textwrap.wrap("", 10), textwrap.fill("", 5))
print(textwrap.wrap("tabs\there\tand\tthere", 12))
print(textwrap.wrap("tabs\there\tand\tthere", 40, expand_tabs=False))
print(textwrap.wrap("tabs\there\tand\tthere", 40, expand_tabs=False, replace_whitespace=False))
print(textwrap.wrap("a\tb\tc", 40, tabsize=4), textwrap.wrap("a\tb", 40, tabsize=0))
print(textwrap.wrap("line one\nline two\n\nline four", 15))
print(textwrap.wrap("line one\nline two", 40, replace_whitespace=False))
print(textwrap.wrap("supercalifragilisticexpialidocious is long", 10))
print(textwrap.wrap("super-cali-fragilistic-expiali-docious", 10))
print(textwrap.wrap("super-cali-fragilistic-expiali-docious", 10, break_on_hyphens=False))
print(textwrap.wrap("---- ----x -a- a--b ab-cd abc-d-e x-y 1-2-3 foo--bar", 6))
print(textwrap.wrap("well-- what -- is-- --this", 5))
print(textwrap.wrap("Hello there, how are you this fine day?  I'm glad to hear it!", 12, initial_indent="  ", subsequent_indent=" " * 8))
print(textwrap.wrap("abcdef ghijk", 3, initial_indent="xx"))
print(textwrap.wrap("unicode café naïve résumé über straße", 11))
print(textwrap.wrap("no\u00a0break\u00a0space here", 8))

print("-- max_lines")
for ml in (1, 2, 3, 10):
    print(ml, textwrap.wrap(para, 30, max_lines=ml))
print(textwrap.wrap(para, 30, max_lines=2, placeholder=" ..."))
print(textwrap.wrap("Hello there, world", 12, max_lines=1, placeholder="..."))
print(textwrap.wrap("Helloooooooooooo world", 10, max_lines=2))
print(textwrap.wrap("one two", 7, max_lines=1))
print(textwrap.wrap("aaaa bbbb cccc", 9, max_lines=2, placeholder=" [...]"))
for call in (lambda: textwrap.wrap("text", 0), lambda: textwrap.wrap("text", -3),
             lambda: textwrap.wrap("some text", 4, max_lines=1),
             lambda: textwrap.wrap("x", 10, max_lines=2, subsequent_indent="12345678")):
    try:
        print(call())
    except ValueError as e:
        print("ValueError", e)

print("-- shorten")
print(textwrap.shorten("Hello  world!", width=12))
print(textwrap.shorten("Hello  world!", width=11))
print(textwrap.shorten("Hello world!", width=10, placeholder="..."))
print(textwrap.shorten(para, 50))
print(textwrap.shorten("   spaced    out\ttext\n here  ", 100))
print(repr(textwrap.shorten("", 10)))
try:
    textwrap.shorten("Hello world", 5)
except ValueError as e:
    print("ValueError", e)

print("-- TextWrapper")
w = textwrap.TextWrapper(width=20, initial_indent="> ", subsequent_indent="| ")
print(w.wrap(para)[:4])
print(w.width, w.expand_tabs, w.replace_whitespace, w.drop_whitespace, w.break_long_words,
      w.break_on_hyphens, w.fix_sentence_endings, w.tabsize, w.max_lines, repr(w.placeholder))
w.width = 40
w.initial_indent = ""
print(w.fill(para))
print(textwrap.TextWrapper(width=15).wrap("reuse the same wrapper"))

print("-- dedent")
samples = [
    "    hello\n    world\n",
    "  a\n    b\n  c",
    "\thello\n\tthere",
    "\t  x\n\t y",
    "  tab\n\tmix",
    "    indented\n\n  \n        more\n    back\n",
    "no indent\n   some",
    "   \n  \t  \n",
    "",
    "  only one line",
    "   trailing spaces line   \n   second\t\n",
    "  a\r\n  b\r\n",
    "        def f():\n            return 1\n",
    "  x\n \n  y",
]
for s in samples:
    print(repr(textwrap.dedent(s)))

print("-- indent")
print(repr(textwrap.indent("a\nb\n\n  \nc", "> ")))
print(repr(textwrap.indent("a\r\nb\rc\n", "+")))
print(repr(textwrap.indent("a\n\nb", "  ", lambda line: True)))
print(repr(textwrap.indent("keep\nskip\nkeep", "# ", lambda line: line.startswith("k"))))
print(repr(textwrap.indent("", "x")))

print("-- threads")
results = [None] * 4
def work(k):
    out = []
    for i in range(60):
        out.append(len(textwrap.wrap(para, 10 + (i + k) % 30)))
        out.append(len(textwrap.dedent("    x%d\n      y\n" % i)))
    results[k] = sum(out)
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in ts: t.start()
for t in ts: t.join()
print(results)
