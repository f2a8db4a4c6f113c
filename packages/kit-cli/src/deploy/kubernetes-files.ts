import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IService } from 'kubernetes-models/v1/Service';
import { stringify } from 'yaml';
import type { DeploySettings } from './deploy-settings.js';

// The manifests are typed with the Kubernetes API's own types (kubernetes-models, generated from
// its OpenAPI document), so a misspelt field fails the build; the types vanish from the output.

function labels(settings: DeploySettings): Record<string, string> {
  return { 'app.kubernetes.io/name': settings.name, 'app.kubernetes.io/managed-by': 'kit' };
}

function selector(settings: DeploySettings): Record<string, string> {
  return { 'app.kubernetes.io/name': settings.name };
}

/** The name of the PersistentVolumeClaim that holds a SQLite app's data folder. */
export function dataClaimName(settings: DeploySettings): string {
  return `${settings.name}-data`;
}

/**
 * The Deployment: replicas spread over nodes, probes on the health path, resources and a locked-down
 * container. An app with a database gets an init container that runs `kit db:push` with the app's image
 * and settings, so the app starts on an up-to-date schema (concurrent pods wait for the migration lock).
 * An app that must run as one process gets one replica, replaced rather than rolled (two pods never
 * run at once), and a SQLite app the volume of its data folder, mounted in both containers.
 */
export function deployment(settings: DeploySettings): IDeployment {
  const probe = { httpGet: { path: settings.healthPath, port: 'http' } };
  const single = settings.app.singleProcess.length > 0;
  const dataFolder = settings.app.dataFolder;
  const volumeMounts = dataFolder === null ? [] : [{ name: 'data', mountPath: dataFolder }];
  const shared: Pick<IContainer, 'image' | 'imagePullPolicy' | 'env' | 'envFrom' | 'securityContext' | 'volumeMounts'> = {
    image: settings.image,
    imagePullPolicy: 'IfNotPresent',
    env: [
      { name: 'NODE_ENV', value: 'production' },
      { name: 'HOST', value: '0.0.0.0' },
      { name: 'PORT', value: String(settings.port) },
    ],
    // Secrets such as DATABASE_URL: kubectl create secret generic <name>-env --from-literal=DATABASE_URL=...
    envFrom: [{ secretRef: { name: `${settings.name}-env`, optional: true } }],
    securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
    ...(volumeMounts.length === 0 ? {} : { volumeMounts }),
  };
  const migrate: IContainer = {
    name: 'migrate',
    ...shared,
    command: ['node_modules/.bin/kit', 'db:push'],
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '1', memory: '512Mi' } },
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: settings.name, labels: labels(settings) },
    spec: {
      replicas: settings.replicas,
      revisionHistoryLimit: 5,
      selector: { matchLabels: selector(settings) },
      strategy: single ? { type: 'Recreate' } : { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: { labels: { ...labels(settings) } },
        spec: {
          securityContext: {
            runAsNonRoot: true,
            runAsUser: 1000,
            runAsGroup: 1000,
            fsGroup: 1000,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          terminationGracePeriodSeconds: 30,
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: selector(settings) },
            },
          ],
          ...(settings.app.migrates ? { initContainers: [migrate] } : {}),
          containers: [
            {
              name: 'app',
              ...shared,
              ports: [{ name: 'http', containerPort: settings.port, protocol: 'TCP' }],
              startupProbe: { ...probe, periodSeconds: 2, failureThreshold: 30 },
              readinessProbe: { ...probe, periodSeconds: 5, timeoutSeconds: 2, failureThreshold: 3 },
              livenessProbe: { ...probe, periodSeconds: 10, timeoutSeconds: 3, failureThreshold: 3 },
              resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '1', memory: '512Mi' } },
            },
          ],
          ...(dataFolder === null ? {} : { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: dataClaimName(settings) } }] }),
        },
      },
    },
  };
}

/** The PersistentVolumeClaim of a SQLite app's data folder: one node reads and writes it, 1 GiB to start with. */
export function dataClaim(settings: DeploySettings): IPersistentVolumeClaim {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: dataClaimName(settings), labels: labels(settings) },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
  };
}

/** The Service in front of the pods: port 80 of the cluster to the container's `http` port. */
export function service(settings: DeploySettings): IService {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: settings.name, labels: labels(settings) },
    spec: { type: 'ClusterIP', selector: selector(settings), ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }] },
  };
}

/** The PodDisruptionBudget: a node drain never takes the last serving pod. */
export function podDisruptionBudget(settings: DeploySettings): IPodDisruptionBudget {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: settings.name, labels: labels(settings) },
    spec: { minAvailable: 1, selector: { matchLabels: selector(settings) } },
  };
}

/** A manifest file: a comment naming the generator, then the object as YAML. */
export function manifestYaml(object: object, about: string): string {
  return `# Generated by kit deploy:init --target kubernetes: ${about}\n${stringify(object, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}

/** The kustomization that lists the manifests, so `kubectl apply -k` applies them and `kustomize edit set image` can pin the image. */
export function kustomization(resources: readonly string[]): string {
  return `# Generated by kit deploy:init --target kubernetes. Apply with: kubectl apply -k deploy/kubernetes
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
${resources
  .map(
    (file) => `  - ${file}
`,
  )
  .join('')}`;
}
