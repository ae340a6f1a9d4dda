"""Linux Landlock, through raw syscalls: which paths a program may read and write.

A ruleset is built in the parent (``landlock_ruleset``), handed to the child as a
file descriptor and applied there between fork and exec (``landlock_restrict``).
Landlock only ever adds permissions beneath a path, it cannot take some back
for a sub-path; so where a dir must stay unreadable inside an allowed tree (a
dataset package inside site-packages), ``read_rules`` allows the tree entry by
entry around it: every dir on the way down may only be listed, every sibling is
allowed whole. Names stay visible (Landlock never hides them); opening a file
beneath a hidden dir fails with PermissionError.

Failures raise OSError. This module owns the syscalls and the rule layout;
which paths to allow is isolation.py's decision, which to hide pyenv.py's.
"""

from __future__ import annotations

import ctypes
import os
import stat
import sys
from collections.abc import Sequence
from typing import Any

# The syscall numbers are the same on every Linux architecture.
_SYS_CREATE_RULESET, _SYS_ADD_RULE, _SYS_RESTRICT_SELF = 444, 445, 446
_PR_SET_NO_NEW_PRIVS = 38
_FS_EXECUTE, _FS_WRITE_FILE, _FS_READ_FILE, _FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_TRUNCATE, _FS_IOCTL_DEV = 1 << 14, 1 << 15
_FILE_RIGHTS = _FS_EXECUTE | _FS_WRITE_FILE | _FS_READ_FILE | _FS_TRUNCATE | _FS_IOCTL_DEV
_READ_RIGHTS = _FS_EXECUTE | _FS_READ_FILE | _FS_READ_DIR
_NET_BIND_TCP, _NET_CONNECT_TCP = 1 << 0, 1 << 1
_SCOPE_ABSTRACT_UNIX, _SCOPE_SIGNAL = 1 << 0, 1 << 1


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


_libc: Any = None


def _syscall() -> Any:
    global _libc
    if _libc is None:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall.restype = ctypes.c_long
        libc.prctl.restype = ctypes.c_int
        _libc = libc
    return _libc


def landlock_abi() -> int:
    """The kernel's Landlock ABI version; 0 when there is no Landlock."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        libc = _syscall()
        return int(libc.syscall(ctypes.c_long(_SYS_CREATE_RULESET), None, ctypes.c_size_t(0), 1))
    except (OSError, AttributeError):
        return 0


def _fs_rights(abi: int) -> int:
    rights = (1 << 13) - 1  # ABI 1: EXECUTE .. MAKE_SYM
    if abi >= 2:
        rights |= 1 << 13  # REFER
    if abi >= 3:
        rights |= _FS_TRUNCATE
    if abi >= 5:
        rights |= _FS_IOCTL_DEV
    return rights


def read_rules(roots: Sequence[str], hidden: Sequence[str]) -> list[tuple[str, bool]]:
    """``(path, whole)`` pairs that allow reading `roots` except beneath `hidden`.

    ``whole=False`` marks a dir on the way down to a hidden one: it may be listed
    (and so may everything beneath it) but none of its files read. Symlinks inside
    a tree get no rule of their own: Landlock checks the path they resolve to,
    which is allowed (or not) where it lies, as without hidden dirs.
    """
    hidden_real = {os.path.realpath(h).rstrip("/") for h in hidden}
    on_the_way = {os.path.dirname(h) for h in hidden_real}  # every dir above a hidden one
    for path in list(on_the_way):
        while path not in ("/", ""):
            on_the_way.add(path)
            path = os.path.dirname(path)
    rules: list[tuple[str, bool]] = []
    seen: set[str] = set()

    def cover(path: str) -> None:
        if path in seen or path in hidden_real:
            return
        seen.add(path)
        if path not in on_the_way:
            rules.append((path, True))
            return
        rules.append((path, False))
        try:
            entries = sorted(os.scandir(path), key=lambda e: e.name)
        except OSError:
            return
        for entry in entries:
            if not entry.is_symlink():
                cover(entry.path)

    for root in roots:
        real = os.path.realpath(root)
        if os.path.exists(real) and not _under_any(real, hidden_real):
            cover(real)
    return rules


def _under_any(path: str, roots: Sequence[str] | set[str]) -> bool:
    return any(path == r or path.startswith(r.rstrip("/") + "/") for r in roots)


def landlock_ruleset(
    abi: int,
    read_only: Sequence[str],
    writable: Sequence[str],
    network: bool,
    hidden: Sequence[str] = (),
) -> int:
    """A ruleset fd allowing exactly these paths, less `hidden` (made in the parent)."""
    libc = _syscall()
    handled = _fs_rights(abi)
    attr = _RulesetAttr(handled, 0, 0)
    size = 8
    if abi >= 4:
        size = 16
        if not network:
            attr.handled_access_net = _NET_BIND_TCP | _NET_CONNECT_TCP
    if abi >= 6:
        size = 24
        attr.scoped = _SCOPE_ABSTRACT_UNIX | _SCOPE_SIGNAL
    fd = libc.syscall(
        ctypes.c_long(_SYS_CREATE_RULESET), ctypes.byref(attr), ctypes.c_size_t(size), 0
    )
    if fd < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"landlock_create_ruleset failed: {os.strerror(err)}")
    try:
        read = _READ_RIGHTS & handled
        rules = [(p, read if whole else _FS_READ_DIR) for p, whole in read_rules(read_only, hidden)]
        rules += [(p, handled) for p in writable]
        for path, rights in rules:
            _allow(libc, fd, path, rights)
    except BaseException:
        os.close(fd)
        raise
    return int(fd)


def _allow(libc: Any, ruleset_fd: int, path: str, rights: int) -> None:
    try:
        path_fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except FileNotFoundError:
        return
    try:
        if not stat.S_ISDIR(os.fstat(path_fd).st_mode):
            rights &= _FILE_RIGHTS
            if not rights:
                return
        rule = _PathBeneathAttr(rights, path_fd)
        if libc.syscall(ctypes.c_long(_SYS_ADD_RULE), ruleset_fd, 1, ctypes.byref(rule), 0) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"landlock_add_rule for {path} failed: {os.strerror(err)}")
    finally:
        os.close(path_fd)


def landlock_restrict(ruleset_fd: int) -> None:
    """Apply a ruleset to the calling process; runs in the child between fork and exec."""
    libc = _syscall()
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    if libc.syscall(ctypes.c_long(_SYS_RESTRICT_SELF), ruleset_fd, 0) != 0:
        raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
