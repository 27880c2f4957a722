package dev.dartasync.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ZoneSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The microtask queue against Dart's rules (schedule_microtask.dart): FIFO order, each task with
 * its own zone, a priority entry after the priority entries the current microtask already added.
 */
class MicrotaskQueueTest {

  private final EventLoop loop = new EventLoop(LoopClock.system());
  private final ZoneImpl root = (ZoneImpl) loop.rootZone();
  private final ZoneImpl child =
      ZoneImpl.createChild(root, ZoneSpecification.builder().build(), null);

  /** A task that names itself. */
  private record Task(String name) implements Runnable {
    @Override
    public void run() {}
  }

  private static String drain(MicrotaskQueue queue) {
    List<String> names = new ArrayList<>();
    MicrotaskQueue.Entry entry;
    while ((entry = queue.poll()) != null) {
      names.add(((Task) entry.task).name());
    }
    return String.join(" ", names);
  }

  @Test
  @DisplayName("tasks come out in order, each with the zone it was queued in")
  void fifoWithZones() {
    MicrotaskQueue queue = new MicrotaskQueue();
    queue.add(root, new Task("a"));
    queue.add(child, new Task("b"));
    MicrotaskQueue.Entry a = queue.poll();
    assertEquals("a", ((Task) a.task).name());
    assertSame(root, a.zone);
    MicrotaskQueue.Entry b = queue.poll();
    assertEquals("b", ((Task) b.task).name());
    assertSame(child, b.zone);
    assertNull(queue.poll());
    assertTrue(queue.isEmpty());
  }

  @Test
  @DisplayName("priority entries go to the front, in the order the current microtask added them")
  void priorityAfterEarlierPriority() {
    MicrotaskQueue queue = new MicrotaskQueue();
    queue.add(root, new Task("q1"));
    queue.add(root, new Task("q2"));
    queue.addPriority(root, new Task("p1"));
    queue.addPriority(child, new Task("p2"));
    queue.addPriority(root, new Task("p3"));
    assertEquals("p1", ((Task) queue.poll().task).name());
    // A new microtask runs: its priority entries go before the rest, p2 and p3 included.
    queue.addPriority(root, new Task("p4"));
    queue.add(root, new Task("q3"));
    queue.addPriority(root, new Task("p5"));
    assertEquals("p4 p5 p2 p3 q1 q2 q3", drain(queue));
  }

  @Test
  @DisplayName("a priority entry into an empty queue is first; the next one goes after it")
  void priorityIntoEmpty() {
    MicrotaskQueue queue = new MicrotaskQueue();
    queue.addPriority(root, new Task("p1"));
    queue.add(root, new Task("q1"));
    queue.addPriority(root, new Task("p2"));
    assertEquals("p1 p2 q1", drain(queue));
  }

  @Test
  @DisplayName("random adds, priority adds and polls match a list model")
  void matchesListModel() {
    Random random = new Random(20261201);
    MicrotaskQueue queue = new MicrotaskQueue();
    List<Task> model = new ArrayList<>();
    List<ZoneImpl> zones = new ArrayList<>();
    int lastPriority = -1; // index in the model of the current microtask's last priority entry
    int counter = 0;
    for (int step = 0; step < 300_000; step++) {
      int op = random.nextInt(100);
      // Phases of net growth and net shrink: thousands of entries, then empty again.
      boolean growing = (step / 30_000) % 2 == 0;
      if (op < (growing ? 55 : 35)) {
        Task task = new Task("t" + counter++);
        ZoneImpl zone = random.nextBoolean() ? root : child;
        queue.add(zone, task);
        model.add(task);
        zones.add(zone);
      } else if (op < (growing ? 60 : 40)) {
        Task task = new Task("p" + counter++);
        ZoneImpl zone = random.nextBoolean() ? root : child;
        queue.addPriority(zone, task);
        lastPriority++;
        model.add(lastPriority, task);
        zones.add(lastPriority, zone);
      } else {
        MicrotaskQueue.Entry polled = queue.poll();
        lastPriority = -1;
        if (model.isEmpty()) {
          assertNull(polled);
        } else {
          assertSame(model.remove(0), polled.task);
          assertSame(zones.remove(0), polled.zone);
        }
      }
      assertEquals(model.isEmpty(), queue.isEmpty());
    }
    for (Task expected : model) {
      assertSame(expected, queue.poll().task);
    }
    assertNull(queue.poll());
  }
}
