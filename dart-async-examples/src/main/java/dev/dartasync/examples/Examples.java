package dev.dartasync.examples;

import dev.dartasync.examples.lecture.Broadcast;
import dev.dartasync.examples.lecture.BroadcastLateListener;
import dev.dartasync.examples.lecture.CaptureTrap;
import dev.dartasync.examples.lecture.CaptureTrapFixed;
import dev.dartasync.examples.lecture.DecisionTable;
import dev.dartasync.examples.lecture.EventLoop;
import dev.dartasync.examples.lecture.Exercise1;
import dev.dartasync.examples.lecture.Exercise2;
import dev.dartasync.examples.lecture.FutureWait;
import dev.dartasync.examples.lecture.FutureWaitErrors;
import dev.dartasync.examples.lecture.FutureWaitFake;
import dev.dartasync.examples.lecture.IsolateCopyCost;
import dev.dartasync.examples.lecture.IsolateExitReturn;
import dev.dartasync.examples.lecture.IsolateHeartbeat;
import dev.dartasync.examples.lecture.IsolateSpawnWorker;
import dev.dartasync.examples.lecture.SingleSubscription;
import dev.dartasync.examples.lecture.StreamCancel;
import dev.dartasync.examples.lecture.Unawaited;
import dev.dartasync.examples.lecture.UnawaitedFixed;
import dev.dartasync.examples.lecture.UnawaitedLint;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The registry: every example the runner knows, in lecture order. To add one, write its class, add its lecture
 * output as {@code src/main/resources/dev/dartasync/examples/lecture/<id>.txt} and add a line here.
 */
public final class Examples {

    private static final String[] NO_ARGS = new String[0];

    private static final String EVENT_LOOP = "The event loop: microtasks always go first";
    private static final String FUTURE_WAIT = "Future, async/await and Future.wait, measured";
    private static final String UNAWAITED = "Common mistake: the unawaited future that escapes try/catch";
    private static final String EXERCISES = "Exercises";
    private static final String STREAMS = "Streams: single-subscription vs broadcast, and cancelling";
    private static final String HEARTBEAT = "Isolates: measuring a blocked main isolate";
    private static final String COPY_COST = "What it costs to send data to an isolate";
    private static final String CAPTURE = "Common mistake: the closure that captures too much";
    private static final String DECISION = "Decision table";

    private static final List<Example> ALL = List.of(
            new Example("event-loop", EVENT_LOOP, () -> EventLoop.main(NO_ARGS)),
            new Example("future-wait", FUTURE_WAIT, () -> FutureWait.main(NO_ARGS)),
            new Example("future-wait-errors", FUTURE_WAIT, () -> FutureWaitErrors.main(NO_ARGS)),
            new Example("future-wait-fake", FUTURE_WAIT, () -> FutureWaitFake.main(NO_ARGS)),
            new Example("unawaited", UNAWAITED, () -> Unawaited.main(NO_ARGS)),
            new Example("unawaited-fixed", UNAWAITED, () -> UnawaitedFixed.main(NO_ARGS)),
            new Example("unawaited-lint", UNAWAITED, () -> UnawaitedLint.main(NO_ARGS)),
            new Example("exercise-1", EXERCISES, () -> Exercise1.main(NO_ARGS)),
            new Example("exercise-2", EXERCISES, () -> Exercise2.main(NO_ARGS)),
            new Example("single-subscription", STREAMS, () -> SingleSubscription.main(NO_ARGS)),
            new Example("broadcast", STREAMS, () -> Broadcast.main(NO_ARGS)),
            new Example("broadcast-late-listener", STREAMS, () -> BroadcastLateListener.main(NO_ARGS)),
            new Example("cancel", STREAMS, () -> StreamCancel.main(NO_ARGS)),
            new Example("isolate-heartbeat", HEARTBEAT, () -> IsolateHeartbeat.main(NO_ARGS)),
            new Example("isolate-copy-cost", COPY_COST, () -> IsolateCopyCost.main(NO_ARGS)),
            new Example("isolate-exit-return", COPY_COST, () -> IsolateExitReturn.main(NO_ARGS)),
            new Example("capture-trap", CAPTURE, () -> CaptureTrap.main(NO_ARGS)),
            new Example("capture-trap-fixed", CAPTURE, () -> CaptureTrapFixed.main(NO_ARGS)),
            new Example("isolate-spawn-worker", DECISION, () -> IsolateSpawnWorker.main(NO_ARGS)),
            new Example("decision-table", DECISION, () -> DecisionTable.main(NO_ARGS)));

    static {
        Set<String> seen = new HashSet<>();
        for (Example e : ALL) {
            if (!seen.add(e.id())) {
                throw new IllegalStateException("duplicate example id: " + e.id());
            }
        }
    }

    private Examples() {
    }

    /** All examples, in lecture order. */
    public static List<Example> all() {
        return ALL;
    }

    /** The ids of all examples, in lecture order. */
    public static List<String> ids() {
        return ALL.stream().map(Example::id).toList();
    }

    /** The example with this id, if there is one. */
    public static Optional<Example> find(String id) {
        return ALL.stream().filter(e -> e.id().equals(id)).findFirst();
    }
}
