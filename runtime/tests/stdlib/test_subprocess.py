# subprocess: run/Popen/call/check_* with pipes, DEVNULL, merged stderr,
# text mode, input, timeouts, cwd/env, signals, errors, and four threads.
import os
import subprocess
import sys
import threading

r = subprocess.run(['echo', 'hello', 'world'], capture_output=True)
print(r)
print(r.returncode, r.stdout, r.stderr)
r = subprocess.run(['sh', '-c', 'echo out; echo err >&2; exit 3'], capture_output=True, text=True)
print(r)
try:
    r.check_returncode()
except subprocess.CalledProcessError as e:
    print('CalledProcessError', e, e.returncode, repr(e.stdout), repr(e.stderr))
print(subprocess.run(['cat'], input=b'fed through stdin\n', stdout=subprocess.PIPE).stdout)
print(subprocess.run(['tr', 'a-z', 'A-Z'], input='text mode\n', capture_output=True, text=True).stdout, end='')
print(subprocess.run('echo $((6*7)) | cat', shell=True, capture_output=True, text=True).stdout, end='')
print(subprocess.run(['sh', '-c', 'echo a; echo b >&2'], stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout)
print(subprocess.run(['sh', '-c', 'echo quiet'], stdout=subprocess.DEVNULL).stdout)
print(subprocess.check_output(['printf', '%s-%s', 'x', 'y']))
print(subprocess.check_output('echo check', shell=True, text=True), end='')
print(subprocess.call(['true']), subprocess.call(['false']), subprocess.check_call(['true']))
try:
    subprocess.check_call(['sh', '-c', 'exit 7'])
except subprocess.CalledProcessError as e:
    print(e)
try:
    subprocess.check_output(['sh', '-c', 'echo partial; exit 2'])
except subprocess.CalledProcessError as e:
    print(e, e.output)
try:
    subprocess.run(['sleep', '5'], timeout=0.2)
except subprocess.TimeoutExpired as e:
    print('TimeoutExpired', e.cmd, e.timeout <= 0.2)
try:
    subprocess.run(['no-such-command-weft'])
except FileNotFoundError as e:
    print('FileNotFoundError', e.errno, e.strerror, e.filename)
print(subprocess.getoutput('echo one; echo two'), subprocess.getstatusoutput('exit 4'))
r = subprocess.run(['sh', '-c', 'kill -9 $$'])
print(r.returncode)
try:
    r.check_returncode()
except subprocess.CalledProcessError as e:
    print(e)
print(subprocess.run(['pwd'], cwd='/', capture_output=True, text=True).stdout, end='')
print(subprocess.run(['sh', '-c', 'echo $WEFT_VAR'], env={'WEFT_VAR': 'from env', 'PATH': os.environ['PATH']}, capture_output=True, text=True).stdout, end='')
p = subprocess.Popen(['sh', '-c', 'read x; echo got $x; echo line2'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
out, err = p.communicate('value\n')
print(repr(out), err, p.returncode, p.poll())
with subprocess.Popen(['seq', '1', '5'], stdout=subprocess.PIPE) as p:
    print([line.strip() for line in p.stdout])
print(p.returncode)
p = subprocess.Popen(['sleep', '10'])
print(p.poll())
try:
    p.wait(timeout=0.1)
except subprocess.TimeoutExpired as e:
    print('wait', e)
p.terminate()
print(p.wait())
big = subprocess.run(['sh', '-c', 'head -c 300000 /dev/zero; head -c 200000 /dev/zero >&2'], capture_output=True)
print(len(big.stdout), len(big.stderr))
for bad in [lambda: subprocess.run(['true'], input=b'x', stdin=subprocess.PIPE),
            lambda: subprocess.run(['true'], capture_output=True, stdout=subprocess.PIPE),
            lambda: subprocess.check_output(['true'], stdout=subprocess.PIPE)]:
    try:
        bad()
    except ValueError as e:
        print('ValueError', e)
print(repr(subprocess.CompletedProcess(['x'], 0)), subprocess.PIPE, subprocess.STDOUT, subprocess.DEVNULL)
results = {}


def worker(n):
    results[n] = subprocess.run(['sh', '-c', 'echo $0', str(n)], capture_output=True, text=True).stdout.strip()


threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print([results[n] for n in range(4)])
