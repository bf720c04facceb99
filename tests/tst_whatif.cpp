// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// core/WhatIf.h: a policy asked about every logged decision, with the tie rules.
#include "core/Allocator.h"
#include "core/ListAllocators.h"
#include "core/SwitchTreeTopology.h"
#include "core/WhatIf.h"

#include <QTest>

#include <numeric>

using namespace placement;

namespace {

/// Two leaves of 4 nodes under one root: nodes 0-3 on leaf 0, 4-7 on leaf 1.
SwitchTreeTopology twoLeaves()
{
    return SwitchTreeTopology({2, 2, -1}, {4, 4, 0});
}

Job job(const std::string& id, std::int64_t submit, std::int64_t start, std::int64_t end, std::vector<int> nodes)
{
    return Job{id, "u", std::move(nodes), submit, start, end};
}

} // namespace

class TestWhatIf : public QObject
{
    Q_OBJECT

private slots:
    void firstFitAgreesWithItsOwnPlacements()
    {
        // Placements first-fit makes in this order: A 0-2, B 3-4 (A running), A ends, C 0-1.
        const SwitchTreeTopology machine = twoLeaves();
        const std::vector<Job> jobs{job("1", 0, 10, 20, {0, 1, 2}), job("2", 0, 12, 40, {3, 4}),
                                    job("3", 0, 20, 30, {0, 1})};
        const WhatIfReport report = whatIf(machine, jobs, {}, FirstFitAllocator());
        QCOMPARE(report.summary.jobs, 3);
        QCOMPARE(report.summary.agreeing, 3);
        QCOMPARE(report.summary.agreement, 1.0);
        QCOMPARE(report.summary.meanAphChange, 0.0);
        QCOMPARE(report.summary.moreCompactShare, 0.0);
    }

    void aJobEndingInTheSecondAnotherStartsHasReleasedItsNodes()
    {
        // Job 1 holds 0-3 on [10, 20); job 2 starts at 20 on 0-3 as first-fit would: the
        // nodes are free at 20. Were job 1 still counted, first-fit would say 4-7.
        const SwitchTreeTopology machine = twoLeaves();
        const std::vector<Job> jobs{job("1", 0, 10, 20, {0, 1, 2, 3}), job("2", 0, 20, 30, {0, 1, 2, 3})};
        const WhatIfReport report = whatIf(machine, jobs, {}, FirstFitAllocator());
        QCOMPARE(report.decisions.at(1).chosen, (std::vector<int>{0, 1, 2, 3}));
        QVERIFY(report.decisions.at(1).same);
        // Whether a scheduler saw them free is not in the log: the decision is flagged.
        QVERIFY(!report.decisions.at(0).ambiguous);
        QVERIFY(report.decisions.at(1).ambiguous);
        QCOMPARE(report.summary.ambiguous, 1);
        QCOMPARE(report.summary.clearAgreeing, 1);
        QCOMPARE(report.summary.clearAgreement, 1.0);
    }

    void withEndingSecondHeldAJobEndingInTheSecondAnotherStartsStillHoldsItsNodes()
    {
        // Job 1 holds 0-3 until 20 (logged end); job 2 starts at 20, before job 1 ended within
        // that second (a cluster with CompleteWait and an epilog into the next second starts
        // nothing after an end in the same second), on 4-7 as first-fit would with 0-3 busy.
        // Job 3 starts at 21: job 1's nodes are free by then.
        const SwitchTreeTopology machine = twoLeaves();
        const std::vector<Job> jobs{job("1", 0, 10, 20, {0, 1, 2, 3}), job("2", 0, 20, 30, {4, 5, 6, 7}),
                                    job("3", 0, 21, 30, {0, 1})};
        const WhatIfReport held = whatIf(machine, jobs, {}, FirstFitAllocator(), EndingSecond::Held);
        QCOMPARE(held.decisions.at(1).chosen, (std::vector<int>{4, 5, 6, 7}));
        QVERIFY(held.decisions.at(1).same);
        QVERIFY(held.decisions.at(2).same);
        QCOMPARE(held.summary.agreeing, 3);
        QCOMPARE(held.summary.overlappingJobs, 0);
        // The flag describes the log, whichever rule reads it.
        QCOMPARE(held.summary.ambiguous, 1);
        // Read with the default rule, job 1's nodes were free at 20: first-fit says 0-3.
        const WhatIfReport released = whatIf(machine, jobs, {}, FirstFitAllocator());
        QCOMPARE(released.decisions.at(1).chosen, (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(released.summary.agreeing, 2);
    }

    void jobsStartingInOneSecondArePlacedInSubmitThenIdOrder()
    {
        // Three jobs start at 10, listed out of order. Slurm placed the array's task 4103_0
        // (submitted with the array, id 4103) before 4104, and 4104 before 4200, which was
        // submitted later: 4103_0 on 0-1, 4104 on 2-3, 4200 on 4-5.
        const SwitchTreeTopology machine = twoLeaves();
        const std::vector<Job> jobs{job("4200", 5, 10, 50, {4, 5}), job("4104", 0, 10, 50, {2, 3}),
                                    job("4103_0", 0, 10, 50, {0, 1})};
        const WhatIfReport report = whatIf(machine, jobs, {}, FirstFitAllocator());
        QCOMPARE(report.summary.agreeing, 3);
        QCOMPARE(report.decisions.at(0).job, 2); // replay order: 4103_0, 4104, 4200
        QCOMPARE(report.decisions.at(1).job, 1);
        QCOMPARE(report.decisions.at(2).job, 0);
    }

    void summaryCountsCompactnessAgainstTheLoggedPlacement()
    {
        // Logged: job 1 spread over both leaves (APH 2 * 4 / (4 * 3) * 2 = 1.333...: 8 of
        // the 12 ordered pairs cross the root, 2 hops each); the tree policy keeps it on one
        // leaf (APH 0). Job 2 (1 node) agrees with anything: APH 0 both ways.
        const SwitchTreeTopology machine = twoLeaves();
        const std::vector<Job> jobs{job("1", 0, 10, 20, {0, 1, 4, 5}), job("2", 0, 30, 40, {0})};
        const WhatIfReport report = whatIf(machine, jobs, {}, SlurmTreeAllocator());
        QCOMPARE(report.summary.jobs, 2);
        QCOMPARE(report.summary.agreeing, 1);
        QCOMPARE(report.decisions.at(0).chosen, (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(report.decisions.at(0).logged.aph, 16.0 / 12.0);
        QCOMPARE(report.decisions.at(0).policy.aph, 0.0);
        QCOMPARE(report.decisions.at(0).policy.leaves, 1);
        QCOMPARE(report.summary.meanAphChange, -16.0 / 12.0 / 2);
        QCOMPARE(report.summary.moreCompactShare, 0.5);
    }

    void overlappingLoggedJobsAreCountedNotFatal()
    {
        // An inconsistent log: two jobs on node 0 at once. The second keeps only node 1.
        const SwitchTreeTopology machine = twoLeaves();
        const std::vector<Job> jobs{job("1", 0, 10, 20, {0}), job("2", 0, 15, 25, {0, 1}), job("3", 0, 16, 26, {2})};
        const WhatIfReport report = whatIf(machine, jobs, {}, FirstFitAllocator());
        QCOMPARE(report.summary.overlappingJobs, 1);
        QCOMPARE(report.decisions.at(1).overlappingNodes, 1);
        // Job 3 sees nodes 0 and 1 held: first-fit gives it node 2, as logged.
        QVERIFY(report.decisions.at(2).same);
    }

    void jobsWithoutNodesAreSkipped()
    {
        const SwitchTreeTopology machine = twoLeaves();
        const std::vector<Job> jobs{job("1", 0, 10, 20, {}), job("2", 0, 10, 20, {0})};
        const WhatIfReport report = whatIf(machine, jobs, {}, FirstFitAllocator());
        QCOMPARE(report.summary.jobs, 1);
        QCOMPARE(report.decisions.front().job, 1);
    }

    void oneJobsDecisionIsTheReportsForIt()
    {
        // Jobs in an order other than their starts', one starting in the second another ends,
        // two in one second: each job's own answer is the full report's for it.
        const SwitchTreeTopology machine = twoLeaves();
        const std::vector<Job> jobs{job("4", 1, 20, 30, {5, 6}), job("1", 0, 10, 20, {1, 2, 3}),
                                    job("2", 0, 12, 40, {0, 4}), job("3", 2, 20, 25, {1}),
                                    job("5", 0, 21, 22, {}),     job("6", 3, 25, 28, {2, 3, 7})};
        const WhatIfReport report = whatIf(machine, jobs, {}, FirstFitAllocator());
        QCOMPARE(report.summary.jobs, 5);
        int different = 0;
        for (const WhatIfDecision& decision : report.decisions) {
            const WhatIfDecision alone = whatIfForJob(machine, jobs, {}, FirstFitAllocator(), decision.job);
            QCOMPARE(alone.job, decision.job);
            QCOMPARE(alone.chosen, decision.chosen);
            QCOMPARE(alone.same, decision.same);
            QCOMPARE(alone.ambiguous, decision.ambiguous);
            QCOMPARE(alone.policy.aph, decision.policy.aph);
            QCOMPARE(alone.logged.leaves, decision.logged.leaves);
            different += decision.same ? 0 : 1;
        }
        QVERIFY(different > 0); // not only the logged placements
        // Asked to stop: it does, before the first decision.
        const std::atomic<bool> stop = true;
        QVERIFY_THROWS_EXCEPTION(WhatIfStopped, whatIfForJob(machine, jobs, {}, FirstFitAllocator(), 5, &stop));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, whatIfForJob(machine, jobs, {}, FirstFitAllocator(), 4));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, whatIfForJob(machine, jobs, {}, FirstFitAllocator(), 6));
    }
};

QTEST_GUILESS_MAIN(TestWhatIf)
#include "tst_whatif.moc"
