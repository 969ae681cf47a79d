"""A content fingerprint is worked out again only when a data file changed (every verify asks
for it, and every battle's first save), and always names the bytes: an edit of the same size
is seen."""

from __future__ import annotations

import os

from core.content import fingerprint


def test_the_fingerprint_follows_every_edit(tmp_path):
    (tmp_path / "units").mkdir()
    (tmp_path / "units-extra").mkdir()
    (tmp_path / "units" / "a.toml").write_text("speed = 1\n")
    (tmp_path / "units-extra" / "b.toml").write_text("speed = 2\n")
    (tmp_path / "notes.txt").write_text("not data")
    first = fingerprint(tmp_path)
    assert fingerprint(tmp_path) == first
    (tmp_path / "notes.txt").write_text("still not data")
    assert fingerprint(tmp_path) == first
    path = tmp_path / "units" / "a.toml"
    stat = path.stat()
    path.write_text("speed = 3\n")  # the same size: only the bytes and the time differ
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))
    edited = fingerprint(tmp_path)
    assert edited != first
    (tmp_path / "units" / "c.toml").write_text("")
    assert fingerprint(tmp_path) not in (first, edited)


def test_the_fingerprint_is_the_hash_of_names_and_bytes_in_path_order(tmp_path):
    import hashlib

    for rel in ("a/x.toml", "a-b/y.toml", "a/b/z.toml", "top.toml"):
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"name = {rel!r}\n")
    digest = hashlib.sha256()
    for path in sorted(tmp_path.rglob("*.toml")):
        digest.update(path.relative_to(tmp_path).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    assert fingerprint(tmp_path) == digest.hexdigest()[:16]
