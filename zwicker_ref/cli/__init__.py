"""The ``zwicker`` command: one table of commands, each with its help and an example.

=============  ===============================================================
``validate``   check spec and scenario files against their schemas
``variants``   list the variants, options and check totals
``diff``       how two variants differ
``legal``      the legal moves of a position file
``play``       play a seeded random hand and write its record
``replay``     replay a record, checking every move and the result
``check``      run scenarios against the reference interpreter
``coverage``   which scenarios exercise which clauses
``export``     the corpus as one JSON document
``serve``      answer the engine protocol with the reference
``conform``    run the corpus against another engine over the protocol
``fmt``        rewrite scenario files in the canonical layout (``--check``)
``new``        write a scenario skeleton to complete by hand
=============  ===============================================================

``zwicker --version`` prints the package version, the corpus version and its digest.

Exit status (the same for every command): 0 when everything asked for passed or was
done; 1 when something checked failed (a scenario, an invalid file under ``validate``, a
record that does not replay, an incomplete clause under ``coverage``); 2 for a usage
error or input a command cannot work on (bad arguments, an unknown variant, an
unreadable or invalid input file, a scenario path that does not exist, an output file
that exists); 141 when the output pipe was closed early (as for a process ended by
SIGPIPE), with nothing on stderr.
zwicker writes no colour, so ``NO_COLOR`` needs nothing.
"""

from __future__ import annotations

import errno
import functools
import os
import sys
from collections.abc import Callable, Sequence

from zwicker_ref._version import __version__

# typing.TYPE_CHECKING without importing typing: ``zwicker --version`` imports this module
# and as little else as it can (type checkers read any name TYPE_CHECKING as true).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from zwicker_ref.cli.command import Command


@functools.cache
def commands() -> tuple[Command, ...]:
    """Every command, in the order ``zwicker --help`` lists them.

    The command modules (and the whole interpreter behind them) are imported on first
    use, so ``zwicker --version`` starts without them.
    """
    from zwicker_ref.cli import (
        author_commands,
        corpus_commands,
        engine_commands,
        game_commands,
        spec_commands,
    )

    return (
        *spec_commands.COMMANDS,
        *game_commands.COMMANDS,
        *corpus_commands.COMMANDS,
        *engine_commands.COMMANDS,
        *author_commands.COMMANDS,
    )


USAGE_ERROR = 2
CLOSED_PIPE = 128 + 13  # what a shell reports for a process ended by SIGPIPE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    return quiet_on_closed_pipe(functools.partial(_run, argv))


def quiet_on_closed_pipe(command: Callable[[], int | None]) -> int:
    """The exit status of ``command()`` (None: 0), or :data:`CLOSED_PIPE` if stdout closed.

    Any other failure to write standard output (a full disk: ``zwicker variants >
    /dev/full``) is one line on stderr with the code ``output-unwritable`` and exit status
    2, never a traceback. The benchmarks' scripts end the same way (``make bench | head``).
    """
    if sys.stdout is None:  # started with standard output closed (`zwicker variants >&-`)
        print(
            "zwicker: cannot write the output: standard output is closed [output-unwritable]",
            file=sys.stderr,
        )
        return USAGE_ERROR
    try:
        status = command()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (`zwicker variants | head -n 1`): stop quietly, and point
        # stdout at nothing so the interpreter's final flush does not complain.
        _silence_stdout()
        return CLOSED_PIPE
    except OSError as error:
        if error.errno not in _OUTPUT_ERRORS:
            raise
        _silence_stdout()
        reason = error.strerror or str(error)
        print(f"zwicker: cannot write the output: {reason} [output-unwritable]", file=sys.stderr)
        return USAGE_ERROR
    return status or 0


# What writing an output can fail with once the file is open: every reader catches its
# own errors, so one of these reaching the top is standard output's (or an -o file's).
_OUTPUT_ERRORS = frozenset(
    {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EPIPE, errno.EBADF}
)


def _silence_stdout() -> None:
    """Point stdout at nothing, dropping what is buffered, so no later flush fails."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _run(argv: Sequence[str] | None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments == ["--version"]:
        # Answered before the command table is built: scripts ask for it often.
        print_version()
        return 0
    if arguments == ["serve"]:
        # Also before the table, which imports every command: `conform` starts an engine
        # process for each run (and after each fault), and serving needs none of them.
        from zwicker_ref.protocol.server import serve

        serve(sys.stdin, sys.stdout)
        if argv is None:
            # This process is the engine, and its session is over: it leaves without
            # freeing what the session remembered (after a perft walk the interpreter
            # takes over a second to free those positions and moves, and the runner
            # waits for the engine to exit).
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(0)
        return 0
    # Imported here, not above: ``--version`` is answered without the error codes.
    from zwicker_ref.errors import ErrorCode, ZwickerError

    # Errors that mean "what was checked failed" (exit 1); every other error is exit 2.
    failures = (ErrorCode.RECORD_MISMATCH, ErrorCode.SCENARIO_FAILED)
    args = parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except ZwickerError as error:
        print(f"zwicker {args.command}: {error}", file=sys.stderr)
        return 1 if error.code in failures else USAGE_ERROR
    return status


def print_version() -> None:
    """Print the package version, the corpus version and digest, and the corpus root."""
    from zwicker_ref.documents.corpus import corpus_identity

    identity = corpus_identity()
    print(f"zwicker {__version__}")
    print(f"corpus {identity.version}")
    print(f"digest {identity.digest}")
    print(f"corpus root {identity.root.describe()}")


def parser() -> argparse.ArgumentParser:
    """The argument parser, built from :func:`commands`."""
    # Imported here: ``zwicker --version`` is answered before any parser is built.
    import argparse
    import textwrap

    class VersionAction(argparse.Action):
        """``--version``: the package, the corpus version and digest, and where it was read."""

        def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
            super().__init__(option_strings, dest, nargs=0, help="print the versions and exit")

        def __call__(
            self, parser: argparse.ArgumentParser, *_args: object, **_kwargs: object
        ) -> None:
            print_version()
            parser.exit()

    top = argparse.ArgumentParser(
        prog="zwicker",
        description="Zwicker Rules: reference interpreter and checker of the Zwicker card games.",
        epilog=(
            "Run `zwicker COMMAND --help` for a command's options and examples. Exit status: "
            "0 passed, 1 something checked failed, 2 usage or input error."
        ),
    )
    top.add_argument("--version", action=VersionAction)
    subparsers = top.add_subparsers(
        title="commands", required=True, metavar="COMMAND", dest="command"
    )
    corpus = _corpus_note()
    for command in commands():
        sub = subparsers.add_parser(
            command.name,
            help=command.summary,
            description=textwrap.fill(command.description, 88),
            epilog=command.epilog() + corpus,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.configure(sub)
        sub.set_defaults(run=command.run)
    return top


def _corpus_note() -> str:
    """Where the corpus is read from, for the help of every command."""
    from zwicker_ref.documents.locations import CorpusNotFoundError, corpus_root

    try:
        where = corpus_root().describe()
    except CorpusNotFoundError as error:
        where = f"none found ({error})"
    note = (
        f"corpus: {where}. Inside a checkout zwicker reads that checkout's spec/ and "
        "scenarios/; elsewhere the copy shipped in the package; ZWICKER_CORPUS=DIR names "
        "another."
    )
    import textwrap

    return "\n\n" + textwrap.fill(note, 88)
