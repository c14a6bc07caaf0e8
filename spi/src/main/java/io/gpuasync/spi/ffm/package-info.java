/**
 * What every backend written on FFM shares, so that a backend (ours or a third party's) is its
 * vendor's tables and nothing more:
 * <ul>
 * <li>{@link io.gpuasync.spi.ffm.NativeLibrary}: where the vendor's library comes from.</li>
 * <li>{@link io.gpuasync.spi.ffm.Downcalls}: a C function bound to a method handle in jextract's shape.</li>
 * <li>{@link io.gpuasync.spi.ffm.StatusNames}: the vendor's names for its statuses, and the messages made of them.</li>
 * <li>{@link io.gpuasync.spi.ffm.HostPages}: the line pages a driver registers with its device.</li>
 * <li>{@link io.gpuasync.spi.ffm.DeadlinePoll}: a settle's poll against the line's deadline.</li>
 * <li>{@link io.gpuasync.spi.ffm.Libc}: the C library, {@code errno} captured (the hosts use it too).</li>
 * </ul>
 *
 * <p>This is public API of the SPI, as stable as {@link io.gpuasync.spi.LineDriver}: a backend
 * outside this project may use all of it. These classes call restricted FFM methods on their
 * callers' behalf, so the module that needs {@code --enable-native-access} for them is
 * {@code io.gpuasync.spi}, which needs it already for the line's page view.
 */
package io.gpuasync.spi.ffm;
