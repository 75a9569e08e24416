#!/usr/bin/env python3
"""Where waterline-server's CPU goes, from `perf script -F comm,ip,sym` of a call-graph recording.

Each sample is put in the first category (in the order below) that any frame of its stack
matches, and counted per thread group: the event loops (HTTP, JSON and every Swift task), the
database thread and the WAL sync thread. Prints each group's share of the samples.

    perf script -i perf.data -F comm,ip,sym | scripts/bench/profile-breakdown.py
"""
import collections
import re
import sys

# What a stack is about, judged by the frames it holds; the first match wins.
CATEGORIES = [
    # The database and sync threads' work: commits and checkpoints run inside a statement's
    # sqlite3_step, so they come before the statements themselves.
    ("fsync (the WAL; in a checkpoint, the database too)", r"fsync"),
    ("SQLite checkpoints", r"sqlite3WalCheckpoint|walCheckpoint"),
    ("SQLite commit and WAL frames", r"sqlite3PagerCommit|pagerWalFrames|walWriteOneFrame|vdbeCommit|pager_end_transaction"),
    ("SQLite statements", r"sqlite3VdbeExec|sqlite3_step|sqlite3_prepare"),
    ("group commit: queue, binds, answering callers", r"WALSyncer|SQLiteGroupCommit"),
    # The event loops' work.
    ("JSON read (WaterlineJSON, Foundation where it declines)", r"WaterlineJSON.*(JSONDocument|Reader|Readable)|JSONDecoder|JSONScanner|JSONMap|WireJSON.*decode"),
    ("JSON write (WaterlineJSON, Foundation where it declines)", r"WaterlineJSON.*(Writer|Writable|Encoder|EncodedValue)|JSONEncoder|JSONWriter|WireJSON"),
    ("SQL statement build and hand-over (SQLKit)", r"SQLKit|GroupCommitDatabase|SQLSerializer"),
    ("repository", r"WaterlineRepository"),
    ("auth and rate limits", r"SessionTokens|VerifiedTokenCache|ValidTokenCache|RateLimiter"),
    ("access log and metrics", r"Prometheus|BufferedLogHandler|AccessLog|ServerMetrics"),
    ("HTTP parsing", r"HTTPDecoder|llhttp|BetterHTTPParser"),
    ("socket writes", r"writev|flushNow|_doOutboundWrites|PendingWrites"),
    ("socket reads", r"readFromSocket|readable0"),
    ("call routing and arguments", r"FunctionCallResponder|FunctionHandler|CallHead|CallArguments"),
    ("Hummingbird", r"Hummingbird"),
    ("waiting for events", r"epoll_wait|_blockingWaitForWork|whenReady"),
    ("Swift concurrency (task switches, executors)", r"swift_task|swift_job|AsyncTask|runJobInEstablished|Continuation"),
]


def group_of(thread):
    if thread.startswith("NIO-"):
        return "event loops"
    if thread in ("waterline-db", "waterline-sync", "waterline-log"):
        return thread
    return "other threads"


def samples(lines):
    """(thread name, [frame symbols]) per sample: a header line, then one indented line a frame."""
    thread, frames = None, []
    for line in lines:
        if not line.strip():
            if thread is not None:
                yield thread, frames
            thread, frames = None, []
        elif line[0] in " \t" and thread is not None:
            parts = line.strip().split(None, 1)
            if len(parts) == 2:
                frames.append(parts[1])
        elif line[0] not in " \t":
            if thread is not None:
                yield thread, frames
            thread, frames = line.split()[0], []
    if thread is not None:
        yield thread, frames


def main():
    patterns = [(name, re.compile(pattern)) for name, pattern in CATEGORIES]
    totals = collections.Counter()
    counts = collections.defaultdict(collections.Counter)
    for thread, frames in samples(sys.stdin):
        group = group_of(thread)
        totals[group] += 1
        stack = "\n".join(frames)
        category = next((name for name, pattern in patterns if pattern.search(stack)), "other")
        counts[group][category] += 1
    if not totals:
        sys.exit("no samples: was perf recorded with --call-graph?")
    everything = sum(totals.values())
    for group, total in totals.most_common():
        print(f"{group}: {total} samples, {100 * total / everything:.1f} % of the server's")
        for category, count in counts[group].most_common():
            print(f"  {100 * count / total:5.1f} %  {category}")


if __name__ == "__main__":
    main()
