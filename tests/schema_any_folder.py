#!/usr/bin/env python3
# SPDX-License-Identifier: Zlib
"""A level kept outside levels/ finds the level schema by its "$schema", as
an editor resolves it (against the level file's own URI), and validates
against it with python3-jsonschema: in each form README.md gives, an
absolute file: URI of the schema (any folder) and a path relative to the
level's folder. A level with a mistake does not validate, and the game's
--check takes the level with either "$schema".

usage: schema_any_folder.py PLATFORMER SCHEMA LEVEL SCRATCH
Exit status 77 (a skip) when the jsonschema module is missing."""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import urllib.parse
import urllib.request

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed: skipped")
    sys.exit(77)

platformer, schema_path, level_path, scratch = sys.argv[1:5]
shutil.rmtree(scratch, ignore_errors=True)
folder = pathlib.Path(scratch) / "my levels"  # a space, as in many a user's folder
folder.mkdir(parents=True)
schema_uri = pathlib.Path(schema_path).resolve().as_uri()


def resolve(level_file, ref):
    """The schema a level's "$schema" names, found as editors find it."""
    uri = urllib.parse.urljoin(level_file.resolve().as_uri(), ref)
    with urllib.request.urlopen(uri) as f:
        return json.load(f), uri


def write(name, level):
    path = folder / name
    path.write_text(json.dumps(level, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


level = json.loads(pathlib.Path(level_path).read_text(encoding="utf-8"))
relative = os.path.relpath(pathlib.Path(schema_path).resolve(), folder.resolve())
forms = {"absolute": schema_uri, "relative": urllib.parse.quote(relative)}
failures = []
for form, ref in forms.items():
    level["$schema"] = ref
    path = write(f"{form}.json", level)
    schema, uri = resolve(path, ref)
    validator = jsonschema.Draft7Validator(schema)
    errors = list(validator.iter_errors(level))
    if errors:
        failures.append(f"{path}: $schema {ref!r} ({uri}): {errors[0].message}")
    # the game takes the level whatever its "$schema" says
    checked = subprocess.run([platformer, "--check", str(path)], capture_output=True, text=True)
    if checked.returncode != 0:
        failures.append(f"{path}: --check: {checked.stderr}")
    # a mistake the schema knows of: a key no level has
    wrong = dict(level, colour="blue")
    bad = write(f"{form}-wrong.json", wrong)
    if not list(validator.iter_errors(wrong)):
        failures.append(f"{bad}: validated with a key the format does not have")
    print(f"{form}: {ref} -> {uri}: {'ok' if not errors else 'FAILED'}")

if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
