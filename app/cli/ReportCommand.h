// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QStringList>

/// `placement report`: a report comparing runs of a machine for operators, as one
/// self-contained HTML file (services/Report.h). 3D snapshots and the PDF need Qt's GUI and VTK,
/// which the command line does not link: with --pdf, or when a display is available, it hands
/// the same arguments to `placement-explorer --report` beside it; otherwise it writes the HTML
/// itself, with a note in place of the snapshots.
int runReport(const QStringList& arguments);
