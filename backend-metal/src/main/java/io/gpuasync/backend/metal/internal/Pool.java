package io.gpuasync.backend.metal.internal;

/**
 * An autorelease pool around a sequence of sends ({@code objc_autoreleasePoolPush} / {@code
 * Pop}): what Metal hands back autoreleased (a command buffer, an encoder, an {@code NSError})
 * lives until the pool closes, on this thread. Without one, each such object would leak (the
 * runtime logs "autoreleased with no pool in place - just leaking"), since Java threads have no
 * pool of their own. Anything read from an autoreleased object is read before {@link #close()}.
 *
 * <p>Between {@link #push()} and {@link #close()} nothing may block but a native call: objc4
 * keeps a thread's pools in pages of that thread, and {@code AutoreleasePoolPage::check()}
 * aborts the process ("autorelease pool page %p corrupted") when one is popped on another. A
 * virtual thread that blocks on a monitor or a lock (since JDK 24 it unmounts there too), parks,
 * or sleeps may resume on another carrier, another OS thread; one inside a native call (a JNA
 * send) cannot unmount. So a pooled section makes only sends: no JNA {@code Memory} (its
 * constructor registers with JNA's cleaner under a monitor), no {@code Structure} made, no
 * logging, no lock taken; those are done before the pool is pushed or after it is popped.
 */
public final class Pool implements AutoCloseable {
    private final long token;

    private Pool(long token) {
        this.token = token;
    }

    /** Pushes a pool on the calling thread; close it on the same thread. */
    public static Pool push() {
        return new Pool(ObjC.objc_autoreleasePoolPush());
    }

    @Override
    public void close() {
        ObjC.objc_autoreleasePoolPop(token);
    }
}
