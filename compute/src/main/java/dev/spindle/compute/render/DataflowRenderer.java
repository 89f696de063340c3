package dev.spindle.compute.render;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.compute.dataflow.DataflowBuilder;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.KeyHasher;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.export.IndexImportSource;
import dev.spindle.compute.export.PublishedIndexReader;
import dev.spindle.compute.export.TraceBundle;
import dev.spindle.compute.export.TraceManager;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.MfpEvaluator;
import dev.spindle.compute.operator.ConstantSource;
import dev.spindle.compute.operator.FlatMap;
import dev.spindle.compute.operator.Negate;
import dev.spindle.compute.operator.TableSource;
import dev.spindle.compute.operator.Union;
import dev.spindle.compute.operator.arrange.Arrange;
import dev.spindle.compute.operator.arrange.ArrangementPort;
import dev.spindle.compute.operator.arrange.KeyFunction;
import dev.spindle.compute.operator.join.ArrangedJoin;
import dev.spindle.compute.operator.reduce.GroupAccumulate;
import dev.spindle.compute.operator.reduce.GroupFunction;
import dev.spindle.compute.operator.reduce.GroupFunctions;
import dev.spindle.compute.operator.reduce.GroupRecompute;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.plan.PlanVisitor;
import dev.spindle.compute.sharing.ComputeRuntimeRole;
import dev.spindle.compute.dataflow.DataflowRender;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.PublishToken;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Renders a {@link DataflowDescription} into operators on one worker. Run on every worker, in
 * command order; it visits imports, objects and exports in the description's order and allocates
 * operators deterministically, so every worker builds the same graph.
 *
 * <p>Every plan node renders to a {@link Collection} of {@code oks} and {@code errs}; errors of
 * inputs flow through to outputs, so an index's {@code errs} holds every evaluation error of
 * everything it depends on.
 */
public final class DataflowRenderer implements DataflowRender {
    private final DataflowDescription desc;
    private final TableResolver tables;
    private final ArrangementFactory arrangements;

    public DataflowRenderer(DataflowDescription desc, TableResolver tables, ArrangementFactory arrangements) {
        this.desc = Objects.requireNonNull(desc, "desc");
        this.tables = Objects.requireNonNull(tables, "tables");
        this.arrangements = Objects.requireNonNull(arrangements, "arrangements");
    }

    @Override
    public void build(DataflowBuilder b) {
        new Build(b).run();
    }

    /** An index the dataflow imports. */
    private record Import(GlobalId id, DataflowDescription.IndexImport imp, TraceBundle index) {
        /** The index's key columns, or null if its key has expressions. */
        List<Integer> keyColumns() {
            return KeyFunctions.columnsOf(imp.key());
        }
    }

    /** The state of one worker's build. */
    private final class Build implements PlanVisitor<Collection> {
        private final DataflowBuilder b;
        private final Map<GlobalId, Collection> built = new HashMap<>();
        private final Map<GlobalId, Import> imports = new HashMap<>();
        private final Map<Integer, Collection> locals = new HashMap<>();
        private OutputPort empty;

        Build(DataflowBuilder b) {
            this.b = b;
        }

        void run() {
            for (GlobalId id : sorted(desc.sourceImports().keySet())) {
                OutputPort src = b.newOutput();
                var log = tables.table(id);
                b.add(i -> new TableSource(i, log, desc.asOf(), src, b.worker(), b.workers(), b.waker()));
                built.put(id, new Collection(src, empty()));
            }
            for (GlobalId id : sorted(desc.indexImports().keySet())) {
                // An index of the same runtime, exported by a dataflow built earlier on this
                // worker. Its import operator is built only if a plan reads it, so a dataflow
                // that merely re-exports it builds nothing at all.
                DataflowDescription.IndexImport imp = desc.indexImports().get(id);
                Import im = new Import(id, imp, resolveIndex(id));
                imports.put(id, im);
                imports.putIfAbsent(imp.on(), im);
            }
            for (DataflowDescription.BuildDesc o : desc.objectsToBuild()) {
                built.put(o.id(), o.plan().accept(this));
            }
            for (GlobalId id : sorted(desc.indexExports().keySet())) {
                export(id, desc.indexExports().get(id));
            }
        }

        private List<Integer> asList(int[] key) {
            List<Integer> l = new ArrayList<>(key.length);
            for (int k : key) {
                l.add(k);
            }
            return l;
        }

        private List<GlobalId> sorted(java.util.Set<GlobalId> ids) {
            List<GlobalId> l = new ArrayList<>(ids);
            l.sort(null);
            return l;
        }

        private OutputPort empty() {
            if (empty == null) {
                OutputPort o = b.newOutput();
                b.add(i -> new ConstantSource(i, List.of(), desc.asOf(), o, b.worker()));
                empty = o;
            }
            return empty;
        }

        private OutputPort union(List<OutputPort> streams) {
            if (streams.size() == 1) {
                return streams.get(0);
            }
            List<InputPort> ins = new ArrayList<>();
            for (OutputPort s : streams) {
                ins.add(b.connect(s, null));
            }
            OutputPort out = b.newOutput();
            b.add(i -> new Union(i, ins, out));
            return out;
        }

        private void export(GlobalId indexId, DataflowDescription.IndexExport export) {
            if (export.reexportOf() != null) {
                reexport(indexId, checkedReexport(indexId, export));
                return;
            }
            if (!built.containsKey(export.on()) && !imports.containsKey(export.on())) {
                throw new IllegalArgumentException("index " + indexId + " exports unknown collection " + export.on());
            }
            Collection c = collection(export.on());
            KeyFunction key = KeyFunctions.of(export.key());
            ArrangementPort oks = arrangements.create(indexId + ".oks", desc.asOf());
            ArrangementPort errs = arrangements.create(indexId + ".errs", desc.asOf());
            InputPort okIn = b.connect(c.oks(), KeyFunctions.hasher(key));
            OutputPort keyErrs = b.newOutput();
            b.add(i -> new Arrange(i, "ArrangeOks(" + indexId + ")", okIn, key, oks, b.newOutput(), keyErrs));
            OutputPort allErrs = union(List.of(c.errs(), keyErrs));
            InputPort errIn = b.connect(allErrs, KeyHasher.WHOLE_ROW);
            b.add(i -> new Arrange(i, "ArrangeErrs(" + indexId + ")", errIn, row -> row, errs, b.newOutput(), null));
            install(indexId, oks.openReader(), errs.openReader(), oks, errs, null);
        }

        /**
         * The import a re-export claims to publish again, after checking the claim: the
         * description imports it, and it arranges the same collection by the same key.
         *
         * @throws IllegalArgumentException if the claim does not hold (a planner bug: the
         *     dataflow fails with it on every worker)
         */
        private Import checkedReexport(GlobalId indexId, DataflowDescription.IndexExport export) {
            Import im = imports.get(export.reexportOf());
            if (im == null || !im.id().equals(export.reexportOf())) {
                throw new IllegalArgumentException("index " + indexId + " claims to re-export "
                        + export.reexportOf() + ", which dataflow " + desc.name() + " does not import");
            }
            if (!im.imp().on().equals(export.on()) || !im.imp().key().equals(export.key())) {
                throw new IllegalArgumentException("index " + indexId + " claims to re-export " + im.id()
                        + ", but " + im.id() + " arranges " + im.imp().on() + " by " + im.imp().key()
                        + ", not " + export.on() + " by " + export.key());
            }
            return im;
        }

        /**
         * A re-export: an index on a key another index already arranges. It exports that
         * index's arrangement under its own id, with holds of its own, and publishes it under a
         * publication point of its own. It builds no operator, on any worker.
         */
        private void reexport(GlobalId indexId, Import source) {
            ArrangementPort.Reader oks = source.index().oks().openAnother(desc.asOf());
            ArrangementPort.Reader errs;
            try {
                errs = source.index().errs().openAnother(desc.asOf());
            } catch (RuntimeException e) {
                oks.close();
                throw e;
            }
            install(indexId, oks, errs, null, null, source.id());
        }

        /**
         * Installs an index's bundle in this worker's trace manager, owned by this dataflow, and
         * publishes it when the runtime publishes indexes. Builds no operator.
         */
        private void install(GlobalId indexId, ArrangementPort.Reader oks, ArrangementPort.Reader errs,
                             ArrangementPort oksArr, ArrangementPort errsArr, GlobalId reexportOf) {
            oks.releaseBoundaries(); // peeks read accumulations: the spine may merge freely
            errs.releaseBoundaries();
            PublishToken token = null;
            ArrangementSharingRegistry registry = b.optionalService(ArrangementSharingRegistry.class);
            if (registry != null && b.service(ComputeRuntimeRole.class).publishesIndexes()) {
                token = registry.publish(indexId,
                        oksArr != null ? oksArr.sharedTrace() : oks.sharedTrace(),
                        errsArr != null ? errsArr.sharedTrace() : errs.sharedTrace());
            }
            b.service(TraceManager.class).install(b.shared().dataflowId(), new TraceBundle(indexId, oks, errs, token, reexportOf));
        }

        /** {@code c} arranged by {@code key} columns: an existing arrangement, or a new one. */
        private Collection.Arranged arranged(Collection c, int[] key, String name) {
            List<Integer> k = asList(key);
            Collection.Arranged existing = c.arrangements().get(k);
            if (existing != null) {
                return existing;
            }
            return arrange(c, KeyFunction.columns(key), name);
        }

        private Collection.Arranged arrange(Collection c, KeyFunction key, String name) {
            ArrangementPort arr = arrangements.create(name, desc.asOf());
            InputPort in = b.connect(c.oks(), KeyFunctions.hasher(key));
            OutputPort accepted = b.newOutput();
            b.add(i -> new Arrange(i, "Arrange(" + name + ")", in, key, arr, accepted, null));
            return new Collection.Arranged(accepted, arr::openReader);
        }

        private Collection group(Collection c, int[] keyColumns, GroupFunction fn, String name) {
            Collection.Arranged a = keyColumns == null ? arrange(c, row -> row, name) : arranged(c, keyColumns, name);
            KeyFunction key = keyColumns == null ? row -> row : KeyFunction.columns(keyColumns);
            ArrangementPort.Reader reader = a.reader().get();
            InputPort in = b.connect(a.accepted(), null);
            OutputPort oks = b.newOutput();
            OutputPort errs = b.newOutput();
            b.add(i -> new GroupRecompute(i, name, in, key, reader, fn, oks, errs));
            return new Collection(oks, union(List.of(c.errs(), errs)));
        }

        @Override
        public Collection visitConstant(Plan.Constant p) {
            OutputPort o = b.newOutput();
            b.add(i -> new ConstantSource(i, p.rows(), desc.asOf(), o, b.worker()));
            return new Collection(o, empty());
        }

        @Override
        public Collection visitGet(Plan.Get p) {
            return collection(p.id());
        }

        /**
         * The index {@code id} to import: this worker's own export, or on an interactive worker
         * the index the maintenance runtime publishes in this ordinal's registry (binding a
         * placeholder if it is not published yet: the slow path never waits to render).
         */
        private TraceBundle resolveIndex(GlobalId id) {
            var own = b.service(TraceManager.class).get(id);
            if (own.isPresent()) {
                return own.get();
            }
            ArrangementSharingRegistry registry = b.optionalService(ArrangementSharingRegistry.class);
            if (registry != null && b.service(ComputeRuntimeRole.class) == ComputeRuntimeRole.INTERACTIVE) {
                return PublishedIndexReader.bundle(registry, id);
            }
            return b.service(TraceManager.class).require(id);
        }

        /** The collection {@code id}: built, or an import rendered on first use. */
        private Collection collection(GlobalId id) {
            Collection c = built.get(id);
            if (c != null) {
                return c;
            }
            Import im = imports.get(id);
            if (im == null) {
                throw new IllegalArgumentException("dataflow " + desc.name() + " does not import or build " + id);
            }
            OutputPort oks = b.newOutput();
            OutputPort errs = b.newOutput();
            b.add(i -> new IndexImportSource(i, im.index(), desc.asOf(), oks, errs));
            c = new Collection(oks, errs);
            List<Integer> keyColumns = im.keyColumns();
            if (keyColumns != null) {
                // Joins and reductions on the index key read the shared arrangement itself.
                c = c.with(keyColumns, new Collection.Arranged(oks,
                        () -> AsOfReader.of(im.index().oks().openAnother(desc.asOf()), desc.asOf())));
            }
            built.put(im.id(), c);
            built.putIfAbsent(im.imp().on(), c);
            return c;
        }

        @Override
        public Collection visitGetLocal(Plan.GetLocal p) {
            Collection c = locals.get(p.localId());
            if (c == null) {
                throw new IllegalArgumentException("unbound local " + p.localId());
            }
            return c;
        }

        @Override
        public Collection visitLet(Plan.Let p) {
            Collection value = p.value().accept(this);
            Collection shadowed = locals.put(p.localId(), value);
            try {
                return p.body().accept(this);
            } finally {
                if (shadowed == null) {
                    locals.remove(p.localId());
                } else {
                    locals.put(p.localId(), shadowed);
                }
            }
        }

        @Override
        public Collection visitMfp(Plan.MapFilterProject p) {
            Collection in = p.input().accept(this);
            Mfp mfp = p.mfp();
            if (mfp.isIdentity()) {
                return in;
            }
            InputPort port = b.connect(in.oks(), null);
            OutputPort oks = b.newOutput();
            OutputPort errs = b.newOutput();
            MfpEvaluator evaluator = mfp.evaluator(); // one per worker: evaluators are thread-confined
            b.add(i -> new FlatMap(i, "Mfp", port, (row, out) -> {
                Row r = evaluator.apply(row);
                if (r != null) {
                    out.accept(r);
                }
            }, oks, errs));
            return new Collection(oks, union(List.of(in.errs(), errs)));
        }

        @Override
        public Collection visitUnion(Plan.Union p) {
            List<OutputPort> oks = new ArrayList<>();
            List<OutputPort> errs = new ArrayList<>();
            for (Plan input : p.inputs()) {
                Collection c = input.accept(this);
                oks.add(c.oks());
                errs.add(c.errs());
            }
            return new Collection(union(oks), union(errs));
        }

        @Override
        public Collection visitNegate(Plan.Negate p) {
            Collection in = p.input().accept(this);
            InputPort port = b.connect(in.oks(), null);
            OutputPort out = b.newOutput();
            b.add(i -> new Negate(i, port, out));
            return new Collection(out, in.errs());
        }

        @Override
        public Collection visitArrangeBy(Plan.ArrangeBy p) {
            Collection in = p.input().accept(this);
            List<Integer> k = asList(p.key());
            if (in.arrangements().containsKey(k)) {
                return in;
            }
            return in.with(k, arrange(in, KeyFunction.columns(p.key()), "ArrangeBy" + k));
        }

        @Override
        public Collection visitJoin(Plan.Join p) {
            Collection l = p.left().accept(this);
            Collection r = p.right().accept(this);
            KeyFunction lk = KeyFunction.columns(p.leftKey());
            KeyFunction rk = KeyFunction.columns(p.rightKey());
            Collection.Arranged la = arranged(l, p.leftKey(), "join.left");
            Collection.Arranged ra = arranged(r, p.rightKey(), "join.right");
            ArrangementPort.Reader lr = la.reader().get();
            ArrangementPort.Reader rr = ra.reader().get();
            InputPort lin = b.connect(la.accepted(), null);
            InputPort rin = b.connect(ra.accepted(), null);
            OutputPort out = b.newOutput();
            b.add(i -> new ArrangedJoin(i, lin, lk, lr, rin, rk, rr, out));
            return new Collection(out, union(List.of(l.errs(), r.errs())));
        }

        @Override
        public Collection visitReduce(Plan.Reduce p) {
            Collection in = p.input().accept(this);
            if (p.exactSums() && GroupAccumulate.accumulable(p.aggregates())) {
                return accumulate(in, p.groupKey(), p.aggregates());
            }
            return group(in, p.groupKey(), GroupFunctions.reduce(desc.name(), p.aggregates()), "Reduce");
        }

        /** A reduce maintained by accumulating differences: no arrangement of its input. */
        private Collection accumulate(Collection c, int[] keyColumns, List<Aggregate> aggregates) {
            KeyFunction key = KeyFunction.columns(keyColumns);
            InputPort in = b.connect(c.oks(), KeyFunctions.hasher(key));
            OutputPort oks = b.newOutput();
            OutputPort errs = b.newOutput();
            b.add(i -> new GroupAccumulate(i, "Reduce", in, key, desc.name(), aggregates, oks, errs));
            return new Collection(oks, union(List.of(c.errs(), errs)));
        }

        @Override
        public Collection visitDistinct(Plan.Distinct p) {
            Collection in = p.input().accept(this);
            return group(in, null, GroupFunctions.distinct(desc.name()), "Distinct");
        }

        @Override
        public Collection visitThreshold(Plan.Threshold p) {
            Collection in = p.input().accept(this);
            return group(in, null, GroupFunctions.threshold(), "Threshold");
        }

        @Override
        public Collection visitTopK(Plan.TopK p) {
            Collection in = p.input().accept(this);
            return group(in, p.groupKey(), GroupFunctions.topK(desc.name(), p.order(), p.limit(), p.offset()), "TopK");
        }
    }
}
