@file:JvmName("KotlinPeers")

package dev.dartasync.bench.kotlin

import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.flow.asFlow
import kotlinx.coroutines.flow.consumeAsFlow
import kotlinx.coroutines.flow.filter
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import kotlinx.coroutines.yield
import java.util.concurrent.Executor

// The Kotlin peers, written the way Kotlin users write them: single-threaded, inside runBlocking
// (whose event loop is the closest thing Kotlin has to an isolate's loop). The JMH benchmark
// classes are Java and call these top-level functions, so JMH's annotation processor sees only Java.

/** `n` times `yield()` in one coroutine with nothing else queued: each one really re-dispatches. */
fun kotlinYieldLoop(n: Int): Long = runBlocking {
    var sum = 0L
    for (i in 0 until n) {
        yield()
        sum += i
    }
    sum
}

/** `n` times `await()` on one already-completed Deferred: Kotlin's fast path, no suspension. */
fun kotlinAwaitCompletedDeferred(n: Int): Long = runBlocking {
    val done = CompletableDeferred(1)
    var sum = 0L
    for (i in 0 until n) {
        sum += done.await()
    }
    sum
}

/**
 * Two coroutines hand a value back and forth through two rendezvous channels, `rounds` times:
 * `2 * rounds` hand-offs, each of which suspends the sender or the receiver.
 */
fun kotlinChannelPingPong(rounds: Int): Long = runBlocking {
    val ping = Channel<Int>() // rendezvous
    val pong = Channel<Int>()
    launch {
        repeat(rounds) { pong.send(ping.receive() + 1) }
    }
    var sum = 0L
    repeat(rounds) {
        ping.send(it)
        sum += pong.receive()
    }
    sum
}

/** `n` no-op tasks queued with `launch {}` on runBlocking's event loop, then drained. */
fun kotlinLaunchLoop(n: Int): Long {
    var count = 0L
    runBlocking {
        repeat(n) { launch { count++ } }
    }
    return count
}

/**
 * `n` no-op tasks queued on Kotlin's unconfined event loop, its microtask-like queue: a coroutine
 * launched in Dispatchers.Unconfined while another unconfined coroutine runs on this thread is
 * queued, and the queue drains when the outer one finishes.
 */
fun kotlinUnconfinedLoop(n: Int): Long {
    var count = 0L
    runBlocking {
        launch(Dispatchers.Unconfined) {
            repeat(n) { launch(Dispatchers.Unconfined) { count++ } }
        }
    }
    return count
}

/**
 * Parks `n` coroutines, each suspended in `await()` on its own CompletableDeferred, calls
 * `whileParked` (which measures the heap) while they are all suspended, then completes them.
 */
fun kotlinParkedCoroutines(n: Int, keep: Array<Any?>, whileParked: Runnable) {
    runBlocking {
        for (i in 0 until n) {
            val d = CompletableDeferred<Int>()
            keep[i] = d
            launch(start = CoroutineStart.UNDISPATCHED) { d.await() }
        }
        whileParked.run()
        for (i in 0 until n) {
            @Suppress("UNCHECKED_CAST")
            (keep[i] as CompletableDeferred<Int>).complete(i)
        }
    }
}

/**
 * `n` boxed integers through `asFlow().map {}.filter {}` into a summing `collect`, in runBlocking:
 * Kotlin's cold, synchronous pipeline (no channel, no dispatch per element).
 */
fun kotlinFlowPipeline(n: Int): Long = runBlocking {
    var sum = 0L
    (0 until n).asFlow().map { it + 1 }.filter { it and 1 == 0 }.collect { sum += it }
    sum
}

/** A `flow { emit(i) }` builder emitting `0 until n`, collected in runBlocking. */
fun kotlinFlowEmit(n: Int): Long = runBlocking {
    var sum = 0L
    flow { for (i in 0 until n) emit(i) }.collect { sum += it }
    sum
}

/**
 * `n` integers buffered in a closed `Channel(UNLIMITED)`, then `consumeAsFlow().collect {}` in
 * runBlocking: the receiver never suspends, the buffer always has the next element.
 */
fun kotlinBufferedChannelCollect(n: Int): Long = runBlocking {
    val channel = Channel<Int>(Channel.UNLIMITED)
    for (i in 0 until n) channel.trySend(i)
    channel.close()
    var sum = 0L
    channel.consumeAsFlow().collect { sum += it }
    sum
}

/**
 * One `withContext(Dispatchers.Default) { 0 }`, entered from Java through runBlocking: the block
 * runs on a Default worker thread and the caller resumes on runBlocking's loop with its value.
 */
fun kotlinWithContextDefault(): Int = runBlocking { withContext(Dispatchers.Default) { 0 } }

/**
 * `rounds` round trips between two coroutines on two single-thread dispatchers (two threads): the
 * main coroutine sends `i` over an unbounded Channel and waits for the echo coroutine to send it
 * back over another, as an isolate pings a worker isolate through its unbounded port.
 */
fun kotlinChannelRoundTrip(rounds: Int, mainThread: Executor, echoThread: Executor): Long =
    runBlocking(mainThread.asCoroutineDispatcher()) {
        val ping = Channel<Int>(Channel.UNLIMITED)
        val pong = Channel<Int>(Channel.UNLIMITED)
        val echo = launch(echoThread.asCoroutineDispatcher()) {
            for (v in ping) pong.send(v)
        }
        var sum = 0L
        for (i in 0 until rounds) {
            ping.send(i)
            sum += pong.receive()
        }
        ping.close()
        echo.join()
        sum
    }
