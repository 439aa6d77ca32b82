#!/usr/bin/env python3
"""Writes a man page (man(7) macros) for a swift-argument-parser command, from the command's
own description of its command line: `BINARY --experimental-dump-help` (ToolInfo JSON).

    manpage.py --section 8 [--extra FILE] [--date YYYY-MM-DD] BINARY > PAGE

The page's name is the command's name as the binary reports it (so a link named transitionctl
to the multi-call transitiond binary gives transitionctl's page). It has NAME, SYNOPSIS,
DESCRIPTION, OPTIONS and, for a command with subcommands, COMMANDS with each subcommand's
options; --extra appends hand-written sections (FILES, EXIT STATUS, SEE ALSO, ...) as they are.
The date is the last commit's (SOURCE_DATE_EPOCH if set), so the page is reproducible.

The help text is written for a terminal, in the Markdown of the docs: `code` spans become bold
(no backtick is printed), **strong** becomes bold, and a reference to the source tree's
docs/NAME.md becomes the installed DOC_DIR/NAME.md (--doc-dir, default
/usr/share/doc/transitiond), where scripts/install puts the documentation.

Why not swift-argument-parser's `generate-manual` plugin: it builds every product of the
package again, in its own debug build, and gives every page the same section; this reads the
binary that is installed, and each page gets its own section.
"""

import argparse
import datetime
import json
import os
import re
import subprocess
import sys

SECTION_TITLES = {"1": "User Commands", "5": "File Formats", "8": "System Administration"}


def text(s):
    """Escapes running text for roff: backslashes, and a leading . or ' (a request)."""
    s = s.replace("\\", "\\e")
    lines = []
    for line in s.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


DOC_DIR = "/usr/share/doc/transitiond"


def prose(s):
    """Running text from the help: escaped as text(), with `code` and **strong** in bold and
    docs/NAME.md pointing to the installed documentation."""
    s = text(s)
    # \% keeps groff from hyphenating the path, so it can be copied from the page.
    s = re.sub(r"(?<![\w/.])docs/([A-Za-z0-9_-]+\.md)", lambda m: "\\%" + DOC_DIR + "/" + m.group(1), s)
    s = re.sub(r"\*\*([^*\n]+)\*\*", lambda m: "\\fB" + m.group(1) + "\\fR", s)
    s = re.sub(r"`([^`\n]+)`", lambda m: "\\fB" + m.group(1).replace("-", "\\-") + "\\fR", s)
    # A backtick left alone (an unmatched one) prints as an apostrophe, never literally.
    return s.replace("`", "\\(aq")


def bold(s):
    """A literal word (a command or option name) in bold, never hyphenated (\\%); hyphens as
    ASCII minus signs, so the name can be copied."""
    return "\\fB\\%" + text(s).replace("-", "\\-") + "\\fR"


def italic(s):
    """A placeholder (an option's value) in italics, never hyphenated."""
    return "\\fI\\%" + text(s) + "\\fR"


def paragraphs(s):
    """Blank-line separated paragraphs of running text, each a .PP."""
    out = []
    for para in s.strip().split("\n\n"):
        out.append(".PP")
        out.append(prose(" ".join(line.strip() for line in para.split("\n"))))
    return out


def name_of(n):
    return ("-" if n["kind"] == "short" else "-" if n["kind"] == "longWithSingleDash" else "--") + n["name"]


def visible(arguments):
    return [a for a in arguments or [] if a.get("shouldDisplay", True)]


def is_builtin(a):
    """--help and --version: shown once, for the top-level command."""
    return a["kind"] == "flag" and any(n["name"] in ("help", "version") for n in a.get("names", []))


def usage(a):
    """One argument as it appears in a synopsis, e.g. [--socket <path>] or <name>."""
    if a["kind"] == "positional":
        s = italic(a.get("valueName", "value"))
    else:
        s = bold(name_of(a["preferredName"]))
        if a["kind"] == "option":
            s += " " + italic(a.get("valueName", "value"))
    if a.get("isRepeating"):
        s += " \\&..."
    if a.get("isOptional"):
        # \% only where the word starts: inside "[--name" it would mark a hyphenation point.
        s = "\\%[" + s.replace("\\%", "", 1) + "]"
    return s


def option_items(arguments):
    """The .TP list describing each argument."""
    out = []
    for a in arguments:
        out.append(".TP")
        if a["kind"] == "positional":
            out.append(italic(a.get("valueName", "value")))
        else:
            names = ", ".join(bold(name_of(n)) for n in a["names"])
            if a["kind"] == "option":
                names += " " + italic(a.get("valueName", "value"))
            out.append(names)
        body = a.get("abstract", "")
        if a.get("allValues"):
            body += " Values: " + ", ".join(a["allValues"]) + "."
        if a.get("defaultValue") not in (None, ""):
            body += " Default: " + a["defaultValue"] + "."
        out.append(prose(body.strip()))
        if a.get("discussion"):
            # Further paragraphs of the item stay indented under it (.IP).
            for para in a["discussion"].strip().split("\n\n"):
                out += [".IP", prose(" ".join(line.strip() for line in para.split("\n")))]
    return out


def flatten(cmd, path):
    """The displayed subcommands of cmd, depth first, each with its full name ("ctl run")."""
    found = []
    for s in cmd.get("subcommands", []):
        if not s.get("shouldDisplay", True) or s["commandName"] == "help":
            continue
        full = path + " " + s["commandName"]
        found.append((full, s))
        found += flatten(s, full)
    return found


def page(info, section, date, version, extra):
    cmd = info["command"]
    name = cmd["commandName"]
    title = SECTION_TITLES.get(section, "")
    out = [
        '.\\" Generated by packaging/man/manpage.py from `%s --experimental-dump-help`; do not edit.' % name,
        '.TH "%s" "%s" "%s" "%s" "%s"' % (name.upper(), section, date, text(version), title),
        ".SH NAME",
        "%s \\- %s" % (bold(name), prose(cmd.get("abstract", "").rstrip("."))),
        ".SH SYNOPSIS",
    ]
    args = visible(cmd.get("arguments"))
    subs = flatten(cmd, name)
    own = [a for a in args if not is_builtin(a)]
    if subs:
        for full, s in subs:
            if s.get("subcommands") and not any(not is_builtin(a) for a in visible(s.get("arguments"))):
                continue  # a group of subcommands only: its members have their own lines
            out += [".HP", " ".join([bold(full)] +
                                    [usage(a) for a in visible(s.get("arguments")) if not is_builtin(a)])]
        out += [".HP", "%s [%s] [%s]" % (bold(name), bold("--help"), bold("--version"))]
    else:
        out += [".HP", " ".join([bold(name)] + [usage(a) for a in own])]
    out.append(".SH DESCRIPTION")
    out += paragraphs(cmd.get("abstract", ""))
    if cmd.get("discussion"):
        out += paragraphs(cmd["discussion"])
    out.append(".SH OPTIONS")
    out += option_items(args)
    if subs:
        out.append(".SH COMMANDS")
        for full, s in subs:
            out += [".SS " + bold(full)]
            out += paragraphs(s.get("abstract", ""))
            if s.get("discussion"):
                out += paragraphs(s["discussion"])
            sub_args = [a for a in visible(s.get("arguments")) if not is_builtin(a)]
            if sub_args:
                out += [".PP", "Options:", ".RS"] + option_items(sub_args) + [".RE"]
    if extra:
        out.append(extra.rstrip("\n"))
    return "\n".join(out) + "\n"


def release_date():
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        try:
            epoch = subprocess.run(["git", "log", "-1", "--format=%ct"], capture_output=True,
                                   text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            epoch = None
    when = datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc) if epoch \
        else datetime.datetime.now(datetime.timezone.utc)
    return when.strftime("%Y-%m-%d")


def main():
    global DOC_DIR
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--section", required=True, choices=sorted(SECTION_TITLES))
    parser.add_argument("--extra", help="a file of roff sections to append")
    parser.add_argument("--date", help="the page's date (default: the last commit's)")
    parser.add_argument("--doc-dir", default=DOC_DIR,
                        help="where the documentation is installed (default: %(default)s)")
    parser.add_argument("binary")
    opts = parser.parse_args()
    DOC_DIR = opts.doc_dir
    info = json.loads(subprocess.run([opts.binary, "--experimental-dump-help"], capture_output=True,
                                     text=True, check=True).stdout)
    version = subprocess.run([opts.binary, "--version"], capture_output=True, text=True,
                             check=True).stdout.strip()
    extra = open(opts.extra, encoding="utf-8").read() if opts.extra else ""
    sys.stdout.write(page(info, opts.section, opts.date or release_date(),
                          "transitiond " + version, extra))


if __name__ == "__main__":
    main()
