# Regressions: big-int exponents of 0, 1 and -1, bytes repetition from
# either side, float()/int() of bytes.
def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)

big = 10**1000
show('pow(0, big)', lambda: pow(0, big))
show('pow(1, big)', lambda: pow(1, big))
show('pow(-1, big)', lambda: pow(-1, big))
show('pow(-1, big+1)', lambda: pow(-1, big + 1))
show('(-1)**big', lambda: (-1) ** big)
show('(-1)**(10**1000)', lambda: (-1) ** (10**1000))
show('0**big', lambda: 0 ** big)
show('1**-big', lambda: 1 ** -big)
show('(-1)**-big-1', lambda: (-1) ** (-big - 1))
show('0**-big', lambda: 0 ** -big)
show('0**0', lambda: 0 ** 0)
show('pow(0, 0)', lambda: pow(0, 0))
show('pow(2, 10**30, 7)', lambda: pow(2, 10**30, 7))
show('pow(0, big, 5)', lambda: pow(0, big, 5))
show('True**big', lambda: True ** big)
show('3*b"ab"', lambda: 3 * b"ab")
show('b"ab"*3', lambda: b"ab" * 3)
show('0*b"ab"', lambda: 0 * b"ab")
show('-2*b"ab"', lambda: -2 * b"ab")
show('b"ab"*True', lambda: b"ab" * True)
show('2.0*b"ab"', lambda: 2.0 * b"ab")
show('float(b"1.5")', lambda: float(b"1.5"))
show('float(b" -2e3 ")', lambda: float(b" -2e3 "))
show('float(b"x")', lambda: float(b"x"))
show('float(b"inf")', lambda: float(b"inf"))
show('int(b"12")', lambda: int(b"12"))
show('int(b" -7 ")', lambda: int(b" -7 "))
show('int(b"ff", 16)', lambda: int(b"ff", 16))
show('int(b"1.5")', lambda: int(b"1.5"))
