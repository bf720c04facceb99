// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

namespace placement {

/// Has every block of 4 MiB or more taken straight from the system and given back when freed.
/// glibc's default raises that threshold to the largest block freed so far (up to 32 MiB),
/// after which a sort's keys, the rows of a filter or a run being read land in the heap of
/// the thread that asked for them and stay resident when freed: on a 3-million-job run, 60
/// MiB after a few sorts of the job table (docs/benchmarks.md). Call first thing in main().
void returnLargeBlocksToTheSystem();

/// Gives what is free inside the heaps back to the system: what a finished piece of work freed
/// in blocks below that threshold otherwise stays resident (on a 3-million-job run, about 11
/// MiB once opened). JobTracker's workers call it when they run out of work.
void releaseFreedMemory();

/// The process's resident memory now, in MiB; -1 where the system does not say.
long residentMebibytes();

} // namespace placement
