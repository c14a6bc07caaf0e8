package io.gpuasync.backend.metal.internal;

/**
 * An autorelease pool around a sequence of sends ({@code objc_autoreleasePoolPush} / {@code
 * Pop}): what Metal hands back autoreleased (a command buffer, an encoder, an {@code NSError})
 * lives until the pool closes, on this thread. Without one, each such object would leak (the
 * runtime logs "autoreleased with no pool in place - just leaking"), since Java threads have no
 * pool of their own. Anything read from an autoreleased object is read before {@link #close()}.
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
