# Weft's `platform`: what a script asks about the machine and the
# interpreter it runs on. Kernel facts come from Linux's /proc files and
# os-level strings from the `sys` module; anything unknown reads as ''.

import sys

_KERNEL_FILES = {
    "node": "/proc/sys/kernel/hostname",
    "release": "/proc/sys/kernel/osrelease",
    "version": "/proc/sys/kernel/version",
}


def _read_first_line(path):
    try:
        with open(path) as handle:
            return handle.readline().strip()
    except OSError:
        return ""


def _machine_name():
    arch = sys.implementation._multiarch
    return arch.split("-", 1)[0] if arch else ""


class uname_result(tuple):
    """The five facts `uname()` reports, plus the processor."""

    _fields = ("system", "node", "release", "version", "machine")

    def __new__(cls, system, node, release, version, machine):
        return tuple.__new__(cls, (system, node, release, version, machine))

    system = property(lambda self: self[0])
    node = property(lambda self: self[1])
    release = property(lambda self: self[2])
    version = property(lambda self: self[3])
    machine = property(lambda self: self[4])

    @property
    def processor(self):
        return self[4]

    def __repr__(self):
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self))
        return f"uname_result({shown}, processor={self.processor!r})"


_uname_cache = None


def uname():
    global _uname_cache
    if _uname_cache is None:
        system = "Linux" if sys.platform.startswith("linux") else sys.platform.capitalize()
        _uname_cache = uname_result(
            system,
            _read_first_line(_KERNEL_FILES["node"]),
            _read_first_line(_KERNEL_FILES["release"]),
            _read_first_line(_KERNEL_FILES["version"]),
            _machine_name(),
        )
    return _uname_cache


def system():
    return uname().system


def node():
    return uname().node


def release():
    return uname().release


def version():
    return uname().version


def machine():
    return uname().machine


def processor():
    return uname().processor


def architecture(executable=sys.executable, bits="", linkage=""):
    word = f"{sys.maxsize.bit_length() + 1}bit"
    return (bits or word, linkage or "ELF")


def platform(aliased=False, terse=False):
    facts = uname()
    if terse:
        return f"{facts.system}-{facts.release}"
    return f"{facts.system}-{facts.release}-{facts.machine}"


def python_implementation():
    return "Weft"


def python_version_tuple():
    major, minor, micro = sys.version_info[:3]
    return (str(major), str(minor), str(micro))


def python_version():
    return ".".join(python_version_tuple())


def python_compiler():
    return "rustc"


def python_build():
    return ("weft", "")


def python_branch():
    return ""


def python_revision():
    return ""


def libc_ver(executable=None, lib="", version="", chunksize=16384):
    return (lib, version)
