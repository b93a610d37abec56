#!/usr/bin/env python3
"""One name for the main job (issue 16 item 4): the web folder and the text keys say "record".

    python3 scripts/rename-main-job.py folder   # apps/web/src/<old>/ -> apps/web/src/record/, paths
    python3 scripts/rename-main-job.py keys     # the text keys' prefix and their locale files
    python3 scripts/rename-main-job.py          # both, folder first

Run from the repository root on a clean tree (it uses `git mv` and `git ls-files`). It is
idempotent: a second run changes nothing, so a branch that still says the old names after a merge
(an import of the old folder, a t() key with the old prefix) is fixed by running it again.
Prints each file it rewrote, then formats them with Prettier. Left alone on purpose: the spec's URLs (`/backend/portal/diagnosis/`,
`relate-syndromes-diagnosis/`), the table `diagnosis_record`, migrations and lock files.
"""

import os
import re
import subprocess
import sys

WEB = 'apps/web/src'
OLD_DIR = f'{WEB}/' + 'diag' + 'nosis'  # split, so a search for the old path finds only real uses
NEW_DIR = f'{WEB}/record'
LOCALES = f'{WEB}/lib/locales'
OLD_KEY = 'diag'
NEW_KEY = 'record'

# This script and the guard name the old names on purpose (one-name.test.ts: to forbid them).
OWN = {'scripts/rename-main-job.py', 'packages/contract/src/one-name.test.ts'}
SKIP = ('apps/server/src/db/migrations/', 'models/', 'training/', 'package-lock.json')
TEXT = re.compile(r'\.(ts|tsx|js|mjs|cjs|json|md|py|sh|css|html|yml|yaml)$')


def git(*args: str) -> str:
    return subprocess.run(['git', *args], check=True, capture_output=True, text=True).stdout


def tracked(prefixes: tuple[str, ...] = ()) -> list[str]:
    """Text files git knows (tracked, or new and not ignored), under `prefixes` if given."""
    names = git('ls-files', '--cached', '--others', '--exclude-standard').splitlines()
    return [
        f
        for f in names
        if os.path.isfile(f)
        and TEXT.search(f)
        and f not in OWN
        and not f.startswith(SKIP)
        and (not prefixes or f.startswith(prefixes))
    ]


REWRITTEN: list[str] = []


def rewrite(files: list[str], rules: list[tuple[re.Pattern[str], str]]) -> None:
    for f in files:
        with open(f, encoding='utf8') as fh:
            text = fh.read()
        new = text
        for pattern, repl in rules:
            new = pattern.sub(repl, new)
        if new != text:
            with open(f, 'w', encoding='utf8') as fh:
                fh.write(new)
            REWRITTEN.append(f)
            print(f'rewrote {f}')


def move(old: str, new: str) -> None:
    """`git mv` old to new; where new already exists (a merge brought files to both), entry by entry."""
    if not os.path.exists(old):
        return
    if not os.path.exists(new):
        try:
            git('mv', old, new)
        except subprocess.CalledProcessError:
            os.renames(old, new)  # not tracked yet (a new file of the merge, not added): a plain move
        print(f'moved {old} -> {new}')
        return
    for entry in sorted(os.listdir(old)):
        move(os.path.join(old, entry), os.path.join(new, entry))
    if os.path.isdir(old) and not os.listdir(old):
        os.rmdir(old)


def folder() -> None:
    move(OLD_DIR, NEW_DIR)
    old = os.path.basename(OLD_DIR)
    # The folder's own entries, without extension: `oldname/RecordResult` in prose is this folder.
    entries = sorted({os.path.splitext(e)[0] for e in os.listdir(NEW_DIR)}, key=len, reverse=True)
    names = '|'.join(re.escape(e) for e in entries)
    rewrite(
        tracked(),
        [
            # A path through src/ or a relative import (../../oldname/x.js, ../web/src/oldname/...).
            (re.compile(rf'(src/|\.\./|\./){old}/'), r'\1record/'),
            # A bare `oldname/<entry>` in comments and docs (never after portal/ or a hyphen).
            (re.compile(rf'(?<=[\s`\'"(\[]){old}/(?=(?:{names})\b)'), 'record/'),
        ],
    )


def keys() -> None:
    move(f'{LOCALES}/{OLD_KEY}-zh.ts', f'{LOCALES}/{NEW_KEY}-zh.ts')
    move(f'{LOCALES}/{OLD_KEY}-en.ts', f'{LOCALES}/{NEW_KEY}-en.ts')
    rewrite(
        tracked((f'{WEB}/', 'apps/web/scripts/', 'e2e/', 'docs/', 'README')),
        [
            # The locale files and their exports: diag-zh.ts / diagZh.
            (re.compile(rf'\b{OLD_KEY}-(zh|en)\b'), rf'{NEW_KEY}-\1'),
            (re.compile(rf'\b{OLD_KEY}(Zh|En)\b'), rf'{NEW_KEY}\1'),
            # The bundle's name where it is registered or checked: { diag: recordZh }.
            (re.compile(rf'\b{OLD_KEY}(\s*):(\s*){NEW_KEY}(Zh|En)\b'), rf'{NEW_KEY}\1:\2{NEW_KEY}\3'),
            # Every key: 'diag.x', `diag.${e}`, `diag.*` in prose (not a word.diag.x or a-diag.x).
            (re.compile(rf'(?<![\w.$/-]){OLD_KEY}\.(?=[A-Za-z$*{{])'), f'{NEW_KEY}.'),
        ],
    )


if __name__ == '__main__':
    if not os.path.isdir(f'{WEB}/lib'):
        sys.exit('run from the repository root')
    step = sys.argv[1] if len(sys.argv) > 1 else 'all'
    if step not in ('folder', 'keys', 'all'):
        sys.exit('usage: rename-main-job.py [folder|keys]')
    if step in ('folder', 'all'):
        folder()
    if step in ('keys', 'all'):
        keys()
    # A shorter path can let an import fit on one line: leave the files as Prettier writes them.
    pretty = [f for f in REWRITTEN if not f.endswith('.py')]
    if pretty:
        subprocess.run(['npx', 'prettier', '--write', '--log-level', 'warn', *pretty], check=True)
