# open() in binary and text modes: reads, writes, appends, seek/tell,
# newline handling, encodings, attributes and the errors CPython raises.
import sys

base = "/tmp/weft_file_modes_" + str(len(sys.argv))
path = base + ".bin"

with open(path, "wb") as f:
    print(type(f).__name__, f.mode, f.closed, f.writable(), f.readable())
    print(f.write(b"head\x00\xff\n"), f.write(bytes(range(3))))
    print(f.tell())
print(f.closed)

with open(path, "rb") as f:
    print(type(f).__name__, f.read(4), f.tell())
    print(f.readline(), f.read(), f.read())
    print(f.seek(0), f.read(2), f.seek(-3, 2), f.read())
    print(f.seek(1, 0), f.seek(2, 1), f.read(1))

with open(path, "ab") as f:
    f.write(b"\nmore\nlast")
with open(path, "rb") as f:
    print(f.readlines())
with open(path, "rb") as f:
    print([line for line in f])
with open(path, "r+b") as f:
    print(type(f).__name__, f.read(4))
    f.write(b"XY")
    f.seek(0)
    print(f.read(8))
    print(f.truncate(3), f.read(), f.seek(0), f.read())

text = base + ".txt"
with open(text, "w") as f:
    print(type(f).__name__, f.mode, f.encoding, f.write("alpha\nbéta\n"), f.write("γ"))
    f.writelines(["\nx", "y\n"])
with open(text) as f:
    print(f.read())
with open(text, encoding="utf-8") as f:
    print(f.readline(), f.readline(2), f.readline(), f.readlines())
with open(text, "rb") as f:
    print(f.read())
with open(text, "a") as f:
    f.write("tail")
with open(text) as f:
    print(list(f))

with open(text, "w", newline="\r\n") as f:
    f.write("one\ntwo\n")
with open(text, "rb") as f:
    print(f.read())
with open(text) as f:
    print(repr(f.read()))
with open(text, newline="") as f:
    print(f.readlines())
with open(text, "wb") as f:
    f.write(b"a\rb\r\nc\n")
with open(text) as f:
    print(f.readlines())
with open(text, newline="") as f:
    print(f.readlines())

with open(text, "w", encoding="latin-1") as f:
    f.write("café")
with open(text, "rb") as f:
    print(f.read())
with open(text, encoding="latin-1") as f:
    print(f.read(), f.encoding)
with open(text, errors="replace") as f:
    print(f.read())
try:
    with open(text) as f:
        f.read()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError:", e)

with open(text, "w") as f:
    pass
with open(text, "x" if False else "r") as f:
    print(repr(f.read()))

for args in [(path, "rw"), (path, "rbt"), (path, "q"), (path, "b")]:
    try:
        open(*args)
    except ValueError as e:
        print("ValueError:", e)
try:
    open(path, "rb", encoding="utf-8")
except ValueError as e:
    print("ValueError:", e)
try:
    open(path, "x")
except FileExistsError as e:
    print("FileExistsError:", e)
try:
    open(base + ".missing")
except FileNotFoundError as e:
    print("FileNotFoundError:", e)
try:
    open("/tmp")
except IsADirectoryError as e:
    print("IsADirectoryError:", e)
with open(path, "wb") as f:
    try:
        f.write("text")
    except TypeError as e:
        print("TypeError:", e)
with open(text, "w") as f:
    try:
        f.write(b"bytes")
    except TypeError as e:
        print("TypeError:", e)
f = open(text)
f.close()
for op in (f.read, f.readline, lambda: f.seek(0)):
    try:
        op()
    except ValueError as e:
        print("ValueError:", e)
with open(text) as f:
    try:
        f.seek(1, 1)
    except OSError as e:
        print(isinstance(e, OSError), e)
