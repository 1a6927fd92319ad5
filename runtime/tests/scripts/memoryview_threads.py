# Views over one bytearray shared by threads: writers fill it whole (through
# the bytearray and through a view) while readers copy it through views and
# check every copy is uniform (no torn reads); a resizer appends whenever no
# view is alive and must see BufferError otherwise.
import threading

N = 4096
ba = bytearray(N)
torn = []
buffer_errors = []
appended = []
start = threading.Barrier(6)


def writer(first):
    start.wait()
    view = memoryview(ba)
    for k in range(first, first + 300, 2):
        if k % 4 == 0:
            ba[:N] = bytes([k % 256]) * N
        else:
            view[:N] = bytes([k % 256]) * N
    view.release()


def reader():
    start.wait()
    bad = 0
    for _ in range(300):
        with memoryview(ba) as v:
            whole = v[:N].tobytes()
            odd = v[1:N:2].tobytes()
            if len(set(whole)) != 1 or len(set(odd)) != 1 or len(whole) != N:
                bad += 1
    torn.append(bad)


def resizer():
    start.wait()
    errors = 0
    done = 0
    for _ in range(300):
        try:
            ba.append(7)
        except BufferError:
            errors += 1
            continue
        while True:
            try:
                ba.pop()
                break
            except BufferError:
                pass
        done += 1
    buffer_errors.append(errors)
    appended.append(done)


threads = [threading.Thread(target=writer, args=(k,)) for k in (0, 1)]
threads += [threading.Thread(target=reader) for _ in range(3)]
threads.append(threading.Thread(target=resizer))
for t in threads:
    t.start()
for t in threads:
    t.join()
print("torn reads:", sum(torn))
print("length kept:", len(ba) == N)
print("uniform at the end:", len(set(ba)) == 1)
print("resize attempts accounted:", buffer_errors[0] + appended[0] == 300)
ba.append(1)
print("resizable after all views released:", len(ba) == N + 1)
