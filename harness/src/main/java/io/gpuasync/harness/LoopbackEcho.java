package io.gpuasync.harness;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A loopback echo server (127.0.0.1 only) on a given event loop, and a client that measures its
 * round trips one at a time: what GPU waits on the same loop do to the sockets it serves. Bounded
 * in requests and in time: {@link #roundTrips} stops at whichever comes first.
 */
final class LoopbackEcho implements AutoCloseable {
    private static final int MESSAGE_BYTES = 8;

    private final Channel server;
    private final Channel client;
    private final PingPong pingPong;

    private LoopbackEcho(Channel server, Channel client, PingPong pingPong) {
        this.server = server;
        this.client = client;
        this.pingPong = pingPong;
    }

    /**
     * Binds an echo server on {@code serverLoop} (a group of one loop: the loop under test) to
     * an ephemeral port of 127.0.0.1 and connects one client from {@code clientLoop}. Each group
     * uses the io_uring channels if it is an io_uring group, NIO's otherwise.
     */
    public static LoopbackEcho start(IoEventLoopGroup serverLoop, IoEventLoopGroup clientLoop) throws InterruptedException {
        Objects.requireNonNull(serverLoop, "serverLoop");
        Objects.requireNonNull(clientLoop, "clientLoop");
        Class<? extends ServerChannel> serverType = serverLoop.isIoType(IoUringIoHandler.class)
                ? IoUringServerSocketChannel.class : NioServerSocketChannel.class;
        Class<? extends Channel> clientType = clientLoop.isIoType(IoUringIoHandler.class)
                ? IoUringSocketChannel.class : NioSocketChannel.class;
        Channel server = new ServerBootstrap()
                .group(serverLoop)
                .channel(serverType)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel channel) {
                        channel.pipeline().addLast(new Echo());
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
        PingPong pingPong = new PingPong();
        try {
            Channel client = new Bootstrap()
                    .group(clientLoop)
                    .channel(clientType)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(pingPong)
                    .connect(server.localAddress()).sync().channel();
            return new LoopbackEcho(server, client, pingPong);
        } catch (RuntimeException | InterruptedException e) {
            server.close().sync();
            throw e;
        }
    }

    /**
     * Sends {@code requests} messages one after another, each after the last one's echo, and
     * returns each round trip in nanoseconds, sorted; fewer when {@code limit} passed first.
     */
    public long[] roundTrips(int requests, Duration limit) throws InterruptedException {
        if (requests < 1) {
            throw new IllegalArgumentException("requests must be >= 1, got " + requests);
        }
        CompletableFuture<long[]> done = new CompletableFuture<>();
        long deadline = System.nanoTime() + limit.toNanos();
        client.eventLoop().execute(() -> pingPong.begin(client, requests, deadline, done));
        try {
            long[] trips = done.get(limit.toNanos() + TimeUnit.SECONDS.toNanos(10), TimeUnit.NANOSECONDS);
            Arrays.sort(trips);
            return trips;
        } catch (ExecutionException e) {
            throw new IllegalStateException("the echo client failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("no echo for " + limit.plusSeconds(10) + ": the server's loop is stuck");
        }
    }

    @Override
    public void close() {
        client.close().syncUninterruptibly();
        server.close().syncUninterruptibly();
    }

    private static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.write(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }
    }

    /** The client's side, on its loop: one message in flight, timed from write to full echo. */
    private static final class PingPong extends ChannelInboundHandlerAdapter {
        private long[] trips;
        private int sent;
        private int received;
        private long deadline;
        private long sentAt;
        private CompletableFuture<long[]> done;

        void begin(Channel channel, int requests, long deadline, CompletableFuture<long[]> done) {
            this.trips = new long[requests];
            this.sent = 0;
            this.received = 0;
            this.deadline = deadline;
            this.done = done;
            send(channel);
        }

        private void send(Channel channel) {
            ByteBuf message = channel.alloc().buffer(MESSAGE_BYTES).writeLong(sent);
            sentAt = System.nanoTime();
            channel.writeAndFlush(message);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf bytes = (ByteBuf) msg;
            received += bytes.readableBytes();
            bytes.release();
            if (received < MESSAGE_BYTES || done == null) {
                return;     // TCP may hand the echo over in pieces
            }
            received -= MESSAGE_BYTES;
            long now = System.nanoTime();
            trips[sent++] = now - sentAt;
            if (sent == trips.length || now - deadline >= 0) {
                CompletableFuture<long[]> finished = done;
                done = null;
                finished.complete(Arrays.copyOf(trips, sent));
            } else {
                send(ctx.channel());
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (done != null) {
                done.completeExceptionally(cause);
                done = null;
            }
            ctx.close();
        }
    }
}
