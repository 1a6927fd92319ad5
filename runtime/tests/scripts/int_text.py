# int(str) and "%d" % int at the edges of the i64 fast paths: the values
# around 2**63 in every sign, bases, underscores, whitespace, prefixes,
# and the flags and widths that must take the general formatter.
edges = [0, 1, -1, 9, 10, 2**31, 2**62, 2**63 - 1, 2**63, 2**63 + 1,
         -2**63 + 1, -2**63, -2**63 - 1, 2**64 - 1, 2**64, 10**18, 10**19, -10**19]
for v in edges:
    s = str(v)
    r = int(s)
    print(s, r == v, type(r).__name__, "%d" % v, "%i|%u" % (v, v))
    print(int(" %s\n" % s), int("+" + s) if v >= 0 else int(s))
    print(int(hex(v), 16), int(hex(v), 0), int(oct(v), 8), int(bin(v), 0))
    print("%5d|%-22d|%+d|% d|%022d|%.3d|%x|%#o" % (v, v, v, v, v, v, v, v))
print(int("1_000_000"), int("0x_ff", 16), int("0b1_01", 0), int("z", 36), int("ZZ", 36))
print(int("9" * 18), int("9" * 19), int("-" + "9" * 19), int("1" + "0" * 30))
print(int("7fffffffffffffff", 16), int("8000000000000000", 16), int("-8000000000000000", 16))
print(int("00000000000000000000000000012"), int("-0"), int("0_0"))
print("%d %d %d" % (True, False, 3.99), "%d" % -0.5)
for bad in ["", " ", "_1", "1_", "1__0", "0x", "12a", "--1", "0123", "9" * 5 + "x"]:
    try:
        int(bad, 0 if bad == "0123" else 10)
        print("accepted", repr(bad))
    except ValueError as e:
        print("ValueError:", e)
