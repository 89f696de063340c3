package dev.spindle.compute.expr;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntUnaryOperator;

/**
 * Column references in expression trees: which columns a tree reads, and the same tree over
 * renumbered columns (for fusing and projecting {@link Mfp}s, and for the planner's pushdowns).
 * Stateless and thread-safe.
 */
public final class ColumnRefs {
    private ColumnRefs() {
    }

    /** The largest column index {@code e} references, or -1 if it references none. */
    public static int maxIndex(ScalarExpr e) {
        BitSet used = new BitSet();
        collect(e, used);
        return used.length() - 1;
    }

    /** Adds every column index {@code e} references to {@code into}. */
    public static void collect(ScalarExpr e, BitSet into) {
        forEach(e, ref -> into.set(ref.index()));
    }

    /** Calls {@code action} on every column reference in {@code e}, depth first, left to right. */
    public static void forEach(ScalarExpr e, Consumer<ColumnRef> action) {
        e.accept(new Collector(action));
    }

    /**
     * {@code e} with every reference to column {@code i} replaced by one to {@code map(i)} (same
     * type). Subtrees without references are shared, not copied.
     */
    public static ScalarExpr remap(ScalarExpr e, IntUnaryOperator map) {
        return e.accept(new Remapper(map));
    }

    private static final class Collector implements ScalarExprVisitor<Void> {
        private final Consumer<ColumnRef> action;

        Collector(Consumer<ColumnRef> action) {
            this.action = action;
        }

        @Override
        public Void visitColumnRef(ColumnRef ref) {
            action.accept(ref);
            return null;
        }

        @Override
        public Void visitLiteral(Literal literal) {
            return null;
        }

        @Override
        public Void visitCallUnary(CallUnary call) {
            return call.arg().accept(this);
        }

        @Override
        public Void visitCallBinary(CallBinary call) {
            call.left().accept(this);
            return call.right().accept(this);
        }

        @Override
        public Void visitCallVariadic(CallVariadic call) {
            for (ScalarExpr a : call.args()) {
                a.accept(this);
            }
            return null;
        }

        @Override
        public Void visitIf(If ifExpr) {
            ifExpr.cond().accept(this);
            ifExpr.then().accept(this);
            return ifExpr.otherwise().accept(this);
        }

        @Override
        public Void visitCast(Cast cast) {
            return cast.input().accept(this);
        }
    }

    private static final class Remapper implements ScalarExprVisitor<ScalarExpr> {
        private final IntUnaryOperator map;

        Remapper(IntUnaryOperator map) {
            this.map = map;
        }

        @Override
        public ScalarExpr visitColumnRef(ColumnRef ref) {
            int to = map.applyAsInt(ref.index());
            return to == ref.index() ? ref : new ColumnRef(to, ref.type());
        }

        @Override
        public ScalarExpr visitLiteral(Literal literal) {
            return literal;
        }

        @Override
        public ScalarExpr visitCallUnary(CallUnary call) {
            ScalarExpr arg = call.arg().accept(this);
            return arg == call.arg() ? call : new CallUnary(call.func(), arg, call.type());
        }

        @Override
        public ScalarExpr visitCallBinary(CallBinary call) {
            ScalarExpr l = call.left().accept(this);
            ScalarExpr r = call.right().accept(this);
            return l == call.left() && r == call.right() ? call : new CallBinary(call.func(), l, r, call.type());
        }

        @Override
        public ScalarExpr visitCallVariadic(CallVariadic call) {
            List<ScalarExpr> args = new ArrayList<>(call.args().size());
            boolean changed = false;
            for (ScalarExpr a : call.args()) {
                ScalarExpr b = a.accept(this);
                changed |= b != a;
                args.add(b);
            }
            return changed ? new CallVariadic(call.func(), args, call.type()) : call;
        }

        @Override
        public ScalarExpr visitIf(If ifExpr) {
            ScalarExpr c = ifExpr.cond().accept(this);
            ScalarExpr t = ifExpr.then().accept(this);
            ScalarExpr o = ifExpr.otherwise().accept(this);
            return c == ifExpr.cond() && t == ifExpr.then() && o == ifExpr.otherwise()
                    ? ifExpr : new If(c, t, o, ifExpr.type());
        }

        @Override
        public ScalarExpr visitCast(Cast cast) {
            ScalarExpr in = cast.input().accept(this);
            return in == cast.input() ? cast : new Cast(in, cast.target(), cast.explicit());
        }
    }
}
