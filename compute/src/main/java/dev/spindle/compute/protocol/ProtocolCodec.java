package dev.spindle.compute.protocol;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;

/**
 * Turns commands and responses into bytes and back (plain Java serialization). The controller's
 * wire mode sends every command and response through {@link #roundTrip}, which proves that
 * nothing callable and nothing shared crosses the controller/runtime seam.
 *
 * <p>Thread-safety: stateless.
 */
public final class ProtocolCodec {
    private ProtocolCodec() {
    }

    /** The bytes of {@code message}. */
    public static byte[] encode(Object message) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(out)) {
            o.writeObject(message);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode " + message.getClass().getName(), e);
        }
        return out.toByteArray();
    }

    /** The message {@link #encode} turned into {@code bytes}. */
    public static <T> T decode(byte[] bytes, Class<T> type) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return type.cast(in.readObject());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot decode a " + type.getSimpleName(), e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("cannot decode a " + type.getSimpleName(), e);
        }
    }

    /** A copy of {@code message} that went through bytes. */
    @SuppressWarnings("unchecked")
    public static <T> T roundTrip(T message) {
        return (T) decode(encode(message), message.getClass());
    }
}
